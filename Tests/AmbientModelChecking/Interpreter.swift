import Ambient
import Dispatch
import Foundation

/// Runs a program against Ambient and the reference model in lock step: the model predicts each read before
/// Ambient makes it, and after each step the creation counts must agree. Stops at the first disagreement.
final class Interpreter: @unchecked Sendable {
    // Safe: used by one thread at a time. Every thread, queue or task it starts runs while the thread that started
    // it waits (a semaphore or `await`), and a race's threads only use `raceResults` and `raceValues`, behind
    // `raceLock`.

    private let program: Program
    private let model: ReferenceModel
    /// How long the live instances may take to reach their count before the program (threads and queues release
    /// what their closures held a moment after they signal); `nil` checks no lifetimes.
    private let settleTime: Double?
    private var failure: String?
    private var captured: [Int: (values: DependencyValues, node: ReferenceModel.Node)] = [:]
    private var holders: [Int: (holder: ModelHolder, node: ReferenceModel.Node)] = [:]
    private var lastOverride = 0
    private var stepNumber = 0
    private let raceLock = NSLock()
    private var raceResults: [Int] = []
    private var raceValues: DependencyValues?

    init(program: Program, settleTime: Double?) {
        self.program = program
        self.settleTime = settleTime
        model = ReferenceModel(keys: program.keys)
    }

    /// What went wrong, if anything; `nil` also for a program the model found to need a cycle (not run further).
    var isCyclic: Bool { model.reachedCycle }

    /// Runs the program, then drops every value it kept and checks that all it created was freed.
    func run() async -> String? {
        let liveBefore = ModelRuntime.shared.liveInstances
        ModelRuntime.shared.start(program.keys)
        for root in program.roots where failure == nil && !model.reachedCycle {
            let node = model.freshRoot(context: root.context)
            model.hold(node)
            await withDependencies(DependencyValues._freshRoot(context: root.context)) {
                await runAsync(root.body, in: node)
            }
            model.release(node)
        }
        captured = [:]
        holders = [:]
        guard failure == nil, !model.reachedCycle, let settleTime else { return failure }
        let deadline = Date().addingTimeInterval(settleTime)
        while ModelRuntime.shared.liveInstances != liveBefore, Date() < deadline {
            try? await Task.sleep(nanoseconds: 2_000_000)
        }
        let alive = ModelRuntime.shared.liveInstances - liveBefore
        if alive != 0 {
            return "\(alive) instances made by the program are still alive after it dropped all its values"
        }
        return nil
    }

    private var isStopped: Bool { failure != nil || model.reachedCycle }

    // MARK: Steps

    private func runAsync(_ steps: [Step], in node: ReferenceModel.Node) async {
        for step in steps where !isStopped {
            switch step {
            case .scope(let overrides, let context, true, let body):
                stepNumber += 1
                let (inner, probes) = enter(overrides, context: context, in: node)
                model.hold(inner)
                await withDependencies {
                    apply(probes, context: context, to: &$0)
                } operation: {
                    await runAsync(body, in: inner)
                }
                model.release(inner)
            case .reenter(let slot, .detached, let body):
                stepNumber += 1
                guard let (values, inner) = captured[slot] else { continue }
                await Task.detached {
                    await withDependencies(values) { await self.runAsync(body, in: inner) }
                }.value
            default:
                runSync([step], in: node)
                continue
            }
            checkCreations(after: step)
        }
    }

    private func runSync(_ steps: [Step], in node: ReferenceModel.Node) {
        for step in steps where !isStopped {
            stepNumber += 1
            run(step, in: node)
            checkCreations(after: step)
        }
    }

    private func run(_ step: Step, in node: ReferenceModel.Node) {
        switch step {
        case .read(let key):
            let expected = model.read(key, in: node)
            guard !isStopped else { return }
            compare(ModelKeys.read(key, in: .current).serial, expected, step)
        case .readReference(let key, let index):
            let expected = model.readReference(key, index: index, in: node)
            guard !isStopped else { return }
            compare(ModelKeys.read(key, in: .current).readReference(index)?.serial, expected, step)
        case .readCaptured(let key, let through):
            let expected = model.readCaptured(key, through: through, in: node)
            guard !isStopped else { return }
            compare(ModelKeys.read(key, in: .current).readCaptured(through)?.serial, expected, step)
        case .scope(let overrides, let context, _, let body):
            let (inner, probes) = enter(overrides, context: context, in: node)
            model.hold(inner)
            withDependencies {
                apply(probes, context: context, to: &$0)
            } operation: {
                runSync(body, in: inner)
            }
            model.release(inner)
        case .capture(let slot):
            // Kept to the program's end, as the values it holds.
            model.hold(node)
            captured[slot] = (.current, node)
        case .reenter(let slot, let executor, let body):
            guard let (values, inner) = captured[slot] else { return }
            reenter(values, on: executor) { self.runSync(body, in: inner) }
        case .race(let key, let threads):
            let expected = model.read(key, in: node)
            guard !isStopped else { return }
            for serial in race(key, in: .current, threads: threads) where serial != expected {
                compare(serial, expected, step)
                return
            }
        case .makeHolder(let slot, let byKeyPath):
            model.hold(node)
            holders[slot] = (ModelHolder(byKeyPath: byKeyPath), node)
        case .readHolder(let slot, let key):
            guard let (holder, inner) = holders[slot] else { return }
            let expected = model.read(key, in: inner)
            guard !isStopped else { return }
            compare(holder.read(key).serial, expected, step)
        case .rootValues(let body):
            let inner = model.rootValues(of: node)
            model.hold(inner)
            withDependencies(DependencyValues()) { runSync(body, in: inner) }
            model.release(inner)
        }
    }

    /// The model's values for a scope, and the probes it sets, numbered −1, −2, … in the order they are made.
    private func enter(
        _ overrides: [OverrideSpec], context: DependencyContext?, in node: ReferenceModel.Node
    ) -> (ReferenceModel.Node, [(key: Int, probe: any ModelProbe)]) {
        var probes: [(key: Int, probe: any ModelProbe)] = []
        var serials: [Int: Int] = [:]
        for override in overrides {
            lastOverride -= 1
            let probe: any ModelProbe =
                override.isObject
                ? ObjectProbe(serial: lastOverride, references: [], captured: nil)
                : ValueProbe(serial: lastOverride, references: [], captured: nil)
            probes.append((override.key, probe))
            serials[override.key] = lastOverride
        }
        return (model.scope(in: node, overrides: serials, context: context), probes)
    }

    private func apply(
        _ probes: [(key: Int, probe: any ModelProbe)], context: DependencyContext?, to values: inout DependencyValues
    ) {
        for (key, probe) in probes {
            ModelKeys.set(key, to: probe, in: &values)
        }
        if let context { values.context = context }
    }

    /// Runs `body` in `values` on `executor`, and waits for it.
    private func reenter(_ values: DependencyValues, on executor: Executor, _ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let work: @Sendable () -> Void = {
            withDependencies(values, operation: body)
            done.signal()
        }
        switch executor {
        case .inline:
            withDependencies(values, operation: body)
            return
        case .dispatch:
            DispatchQueue.global().async(execute: work)
        case .thread, .detached:
            // NB: a detached task needs an asynchronous caller; a synchronous one uses a thread instead.
            Thread(block: work).start()
        }
        done.wait()
    }

    /// Reads `key` in `values` on `threads` threads released at once; the serials they read.
    private func race(_ key: Int, in values: DependencyValues, threads: Int) -> [Int] {
        raceLock.withLock {
            raceResults = []
            raceValues = values
        }
        let gate = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for _ in 0..<threads {
            done.enter()
            Thread {
                gate.wait()
                if let values = self.raceLock.withLock({ self.raceValues }) {
                    let serial = ModelKeys.read(key, in: values).serial
                    self.raceLock.withLock { self.raceResults.append(serial) }
                }
                done.leave()
            }.start()
        }
        for _ in 0..<threads { gate.signal() }
        done.wait()
        // NB: the threads' closures are released a moment after they leave; they must not keep the scope alive
        // then, or a later read would find it where the model finds it gone.
        return raceLock.withLock {
            raceValues = nil
            return raceResults
        }
    }

    // MARK: Checks

    private func compare(_ actual: Int?, _ expected: Int?, _ step: Step) {
        guard actual != expected else { return }
        failure =
            "step \(stepNumber) (\(Self.describe(step))) returned \(Self.describe(actual)); "
            + "the model returns \(Self.describe(expected))"
    }

    private func checkCreations(after step: Step) {
        guard !isStopped else { return }
        let actual = ModelRuntime.shared.creationCounts
        for key in program.keys.indices where actual[key] != model.creations[key] {
            failure =
                "after step \(stepNumber) (\(Self.describe(step))) k\(key) was created \(actual[key]) times; "
                + "the model creates it \(model.creations[key]) times"
            return
        }
    }

    private static func describe(_ serial: Int?) -> String {
        guard let serial else { return "nothing (no such property)" }
        return serial < 0 ? "override #\(-serial)" : "default #\(serial)"
    }

    private static func describe(_ step: Step) -> String {
        var lines: [String] = []
        Step.describe([step], indent: "", into: &lines)
        return lines.first ?? ""
    }
}

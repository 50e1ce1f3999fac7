import Ambient
import Foundation

/// Runs a program against Ambient and the reference model in lock step: the model predicts each read before
/// Ambient makes it, and after each step the creation counts and what Ambient reported must agree. Stops at the first
/// disagreement.
final class Interpreter: @unchecked Sendable {
    // Safe: used by one thread at a time. Every thread, queue or task it starts (``Executor/run(_:)``, a detached
    // re-entry) runs while the thread that started it waits, and a race's readers use none of its state.

    let program: Program
    let model: ReferenceModel
    var failure: String?
    private var captured: [Int: (values: DependencyValues, node: ReferenceModel.Place)] = [:]
    /// Objects that are no default, each with a `@Dependency` on every key, and the scope they were made in.
    private var holders: [Int: (holder: ObjectProbe, node: ReferenceModel.Place)] = [:]
    private var kept: [Int: any ModelProbe] = [:]
    /// The values whose kept values a scope was made inside, held to the program's end.
    private var valuesScopedInside: [any ModelProbe] = []
    private var lastOverride = 0
    var stepNumber = 0
    /// What Ambient reported about the program's roots.
    let reports = ModelReports()

    init(program: Program) {
        (self.program, model) = (program, ReferenceModel(keys: program.keys))
    }

    var isStopped: Bool { failure != nil || model.hasStopped }

    /// Runs the program, then drops every value it kept and checks that all it created was freed.
    func run() async -> String? {
        let runtime = ModelRuntime.shared
        runtime.start(program.keys)
        // The heir of the program's roots: the program's own, so that what one program's late reads create is not
        // found by the next one in the process's root.
        var heir: DependencyValues? = DependencyValues._freshRoot(context: .testing, reporter: reports)
        for root in program.roots where !isStopped {
            let node = model.freshRoot(context: root.context)
            model.hold(node)
            let values = DependencyValues._freshRoot(context: root.context, reporter: reports, heir: heir)
            await withDependencies(values) { await runAsync(root.body, in: node) }
        }
        if !isStopped {
            // The work that the last step's work started runs too, checked like the rest, so that the model knows what
            // its reads create and keep; the work it starts in turn is stale (it reads nothing), in the model as in
            // the program, so that the chain ends.
            runtime.stop()
            await runStartedWork(after: "the program's end")
        }
        await runtime.finishStartedWork()
        (captured, holders, kept, valuesScopedInside, heir) = ([:], [:], [:], [], nil)
        guard !isStopped else { return failure }
        // Nothing keeps a scope alive but what still uses it: once the program dropped everything, nothing lives. The
        // model still counts what values that keep each other strongly would keep, to say so.
        let cycles = model.survivors()
        // NB: a task whose default was freed must end on this thread to release the values it inherited (the
        // snapshot, and its overrides), which may free more defaults, whose tasks end in turn. Once none runs, what
        // is still alive is kept.
        await runtime.letTasksOfFreedDefaultsEnd()
        guard case let alive = runtime.counts.alive, alive != 0 else { return nil }
        let kept = cycles == 0 ? "" : " (values that keep each other strongly, as they read them, keep \(cycles))"
        return "\(alive) instances made by the program are still alive after it dropped all its values\(kept)"
    }

    // MARK: Steps

    /// Runs `steps` in `node`, which the caller held, then releases it; after each step, checks what it created, then
    /// lets the work its defaults started run, and checks again.
    private func runAsync(_ steps: [Step], in node: ReferenceModel.Place) async {
        for step in steps where !isStopped {
            stepNumber += 1
            switch step {
            case .scope(let overrides, let context, true, _, let body):
                let (inner, set) = enter(overrides, context: context, in: node)
                await withDependencies(set) { await runAsync(body, in: inner) }
            case .reenter(let slot, let overrides, .detached, let body):
                guard let (values, inner) = reentered(slot, overrides) else { continue }
                await ProgramTasks.task(detached: true) {
                    await withDependencies(values) { await self.runAsync(body, in: inner) }
                }.value
            default:
                run(step, in: node)
            }
            checkCreations(after: at(step))
            await runStartedWork(after: at(step))
        }
        model.release(node)
    }

    /// Runs `steps` in `node`, which the caller held, then releases it; checks what each step created.
    private func runSync(_ steps: [Step], in node: ReferenceModel.Place) {
        for step in steps where !isStopped {
            stepNumber += 1
            run(step, in: node)
            checkCreations(after: at(step))
        }
        model.release(node)
    }

    private func run(_ step: Step, in node: ReferenceModel.Place) {
        switch step {
        case .read(let key, let threads):
            check(step, model.read(key, in: node), threads: threads) { [values = DependencyValues.current] in
                values[model: key]
            }
        case .readReference(let key, let index):
            check(step, model.readReference(ofInstance: model.read(key, in: node), index: index)) {
                DependencyValues.current[model: key].readReference(index)
            }
        case .readCaptured(let key, let through):
            let expected = model.keptValues(ofInstance: model.read(key, in: node)).map { model.read(through, in: $0) }
            // Then that value's first property, read once its creation ended: a default made from a value's values.
            if let probe = check(step, expected, { DependencyValues.current[model: key].captured?[model: through] }) {
                check(step, model.readReference(ofInstance: probe.serial, index: 0)) { probe.readReference(0) }
            }
        case .scope(let overrides, let context, _, let reads, let body):
            let (inner, set) = enter(overrides, context: context, in: node)
            withDependencies {
                set(&$0)
                // Reads in the values it is updating, each predicted first.
                for key in reads where !isStopped {
                    check(step, model.read(key, in: inner)) { [values = $0] in values[model: key] }
                }
            } operation: {
                runSync(body, in: inner)
            }
        case .capture(let slot):
            // Kept to the program's end, as the values it holds.
            model.hold(node)
            captured[slot] = (.current, node)
        case .reenter(let slot, let overrides, let executor, let body):
            guard let (values, inner) = reentered(slot, overrides) else { return }
            _ = executor.run([{ @Sendable in withDependencies(values) { self.runSync(body, in: inner) } }])
        case .keep(let slot, let key):
            let serial = model.read(key, in: node)
            guard let probe = check(step, serial, { DependencyValues.current[model: key] }) else { return }
            kept[slot] = probe
            model.keepInstance(serial)
        case .readKept(let slot, let index, let threads):
            guard let probe = kept[slot] else { return }
            check(step, model.readReference(ofInstance: probe.serial, index: index), threads: threads) {
                probe.readReference(index)
            }
        case .raceAcross(let key, let slots):
            let entries = slots.compactMap { captured[$0] }
            guard entries.count == slots.count else { return }
            let createdBefore = model.creations.reduce(0, +)
            let expected = entries.map { model.read(key, in: $0.node) }
            guard !isStopped else { return }
            let reads = entries.map { entry in { @Sendable [values = entry.values] in values[model: key].serial } }
            // Two creations or more would be numbered in the order the threads make them: read one after another.
            let oneByOne = model.creations.reduce(0, +) - createdBefore > 1
            let actual = oneByOne ? reads.map { $0() } : RaceTurns.shared.race(reads)
            for (actual, expected) in zip(actual, expected) { compare(actual, expected, step) }
        case .readHolder(let slot, let key, let threads):
            guard let (holder, inner) = holders[slot] else { return }
            check(step, model.read(key, in: inner), threads: threads) { holder.readReference(key) }
        case .makeHolder(let slot, let byKeyPath):
            // An object that is no default holds the scope its properties were made in.
            model.hold(node)
            let dependencies = program.keys.indices.map { ModelKeys.dependency(on: $0, byKeyPath: byKeyPath) }
            holders[slot] = (ObjectProbe(ValueProbe(serial: 0, references: dependencies)), node)
        case .scopeInKeptValues(let key, let overrides, let body):
            let serial = model.read(key, in: node)
            guard let probe = check(step, serial, { DependencyValues.current[model: key] }) else { return }
            let keptValues = model.keptValues(ofInstance: serial)
            if (probe.captured == nil) != (keptValues == nil) {
                failure = "\(at(step)): the value keeps values where the model's does not, or the other way round"
            }
            guard let keptValues, let values = probe.captured, !isStopped else { return }
            // The step holds the value while it runs: to the program's end, as the model has it.
            valuesScopedInside.append(probe)
            model.keepInstance(serial)
            let (inner, set) = enter(overrides, in: keptValues)
            withDependencies(values) {
                withDependencies(set) { runSync(body, in: inner) }
            }
        case .rootValues(let body):
            let inner = model.rootValues(of: node)
            model.hold(inner)
            withDependencies(DependencyValues()) { runSync(body, in: inner) }
        }
    }

    /// The model's scope of `overrides` (and maybe a context) inside `node`, or `node` itself without `overrides`, held
    /// until ``ReferenceModel/release(_:)``, and what sets its probes, numbered −1, −2, … in the order they are made,
    /// and context in the program's values.
    private func enter(
        _ overrides: [OverrideSpec]?, context: DependencyContext? = nil, in node: ReferenceModel.Place
    ) -> (ReferenceModel.Place, (inout DependencyValues) -> Void) {
        let probes = (overrides ?? []).map { override -> (Int, any ModelProbe) in
            lastOverride -= 1
            let value = ValueProbe(serial: lastOverride)
            return (override.key, override.isObject ? ObjectProbe(value) : value)
        }
        let serials = Dictionary(probes.map { ($0, $1.serial) }) { $1 }
        let inner = overrides == nil ? node : model.scope(in: node, overrides: serials, context: context)
        model.hold(inner)
        func set(_ values: inout DependencyValues) {
            for (key, probe) in probes { values[model: key] = probe }
            if let context { values.context = context }
        }
        return (inner, set)
    }

    /// The values of slot `slot`, or a copy of them that sets `overrides`, and their place in the model, held until
    /// ``ReferenceModel/release(_:)``.
    private func reentered(_ slot: Int, _ overrides: [OverrideSpec]?) -> (DependencyValues, ReferenceModel.Place)? {
        guard case (var values, let node)? = captured[slot] else { return nil }
        let (inner, set) = enter(overrides, in: node)
        set(&values)
        return (values, inner)
    }
}

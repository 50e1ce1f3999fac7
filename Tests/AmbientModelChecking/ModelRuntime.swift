import Ambient
import Foundation

/// What the keys' defaults do in the program that runs now, and what they did: creations, live instances, and the
/// work they started.
///
/// One program runs at a time (the suite is serialized, the soak runs programs one after another).
final class ModelRuntime: @unchecked Sendable {
    // Safe: every stored property is behind `lock`.

    static let shared = ModelRuntime()

    private let lock = NSLock()
    private var behaviors: [KeyBehavior] = []
    /// How many times each key's default was created since ``start(_:)``: a default's serial is their sum once it is.
    private var creations: [Int] = Array(repeating: 0, count: ModelKeys.count)
    /// How many probes, owners and holders that the program started last made are alive: a census of its own for
    /// each program, which its instances count themselves in (``LiveToken``), so that what an earlier program keeps,
    /// or frees late, does not count.
    private var programCensus = _Locked(0)
    /// What the Dispatch blocks (and tasks) that creations wait for read, by the serial of the default, in order.
    private var dispatchReads: [(serial: Int, reads: [Int])] = []
    /// Work started by defaults (the tasks of ``ObjectProbe``s), in the order it was started: the serial of its
    /// default, how far its task is, and whether the default was freed.
    private var works: [(serial: Int, state: WorkState, isFreed: Bool)] = []
    /// The first of ``works`` that the program started last registered, and whether it runs: work registered
    /// otherwise is stale.
    private var firstWork = 0, isRunning = false
    /// The tasks suspended in ``wait(until:)``, each resumed by the first change after which its condition holds.
    private var waiters: [(isDone: () -> Bool, continuation: CheckedContinuation<Void, Never>)] = []

    /// Waiting for the program; let run; read (or stale, which reads nothing); ended, once its default was freed.
    private enum WorkState { case waiting, released, done, ended }

    /// Starts a program whose keys behave as `behaviors`: serials start again from 1, creation counts from 0.
    func start(_ behaviors: [KeyBehavior]) {
        _ = ModelKeys.keyPathsLearned
        lock.withLock {
            (self.behaviors, creations, dispatchReads) = (behaviors, creations.map { _ in 0 }, [])
            (programCensus, firstWork, isRunning) = (_Locked(0), works.count, true)
        }
    }

    /// Ends the program: the work that its defaults start from now on (the reads of work let run at its end) is
    /// never let run, nor taken for the next program's.
    func stop() { lock.withLock { isRunning = false } }

    // MARK: Work started by defaults

    /// Starts the task of the default made of `probe`, which inherits the current task-local values: once the program
    /// lets it (``runNewWork(as:)``) it reads `reads` through `DependencyValues.current`, then runs until the default
    /// is freed (``freed(_:)``), holding the values it inherited: a periodic flush or a stream consumer (Semantics:
    /// "Bookkeeping ends with the creation"). Work started after the program ended (by the reads of work let run at
    /// its end) is stale: it reads nothing, so that its task ends with its default instead of waiting forever. The
    /// work, as ``freed(_:)`` names it.
    func startWork(for probe: ValueProbe, reading reads: [Int]) -> Int {
        let work = lock.withLock {
            works.append((probe.serial, isRunning ? .waiting : .done, false))
            return works.count - 1
        }
        ProgramTasks.task { [self] in
            await wait { self.works[work].state != .waiting }
            if lock.withLock({ works[work].state == .released }) {
                for key in reads { _ = DependencyValues.current[model: key] }
                change { works[work].state = .done }
            }
            await wait { self.works[work].isFreed }
            change { works[work].state = .ended }
        }
        return work
    }

    /// Notes that the default that started `work` was freed: its task ends at its next turn, and lets go of the
    /// values it inherited then.
    func freed(_ work: Int) { change { works[work].isFreed = true } }

    /// Lets the work registered since the last call run, one at a time in the order it started, as `expected` (the
    /// model's) says: the work it says reads nothing goes on without reading, as stale work does (the end of a chain
    /// of creations by the tasks of their values, which the model bounds: see ``ReferenceModel/takeStartedWork()``),
    /// the rest reads what it reads, and the tasks of freed defaults end after each. The serials of the defaults that
    /// started the work, when they are not those of `expected`.
    func runNewWork(as expected: [(serial: Int, reads: [Int]?)]) async -> [Int]? {
        await letTasksOfFreedDefaultsEnd()
        let started = lock.withLock { (firstWork..<works.count).filter { works[$0].state == .waiting } }
        let serials = lock.withLock { started.map { works[$0].serial } }
        guard serials == expected.map(\.serial) else { return serials }
        for (work, prediction) in zip(started, expected) {
            change { works[work].state = prediction.reads == nil ? .done : .released }
            await wait { self.works[work].state != .released }
            await letTasksOfFreedDefaultsEnd()
        }
        return nil
    }

    /// Lets the tasks of defaults that were freed end, before the program reads on: until then, each holds the values
    /// it inherited and what they keep, which the model lets go of when the default is freed (seeds 282488 and 301312
    /// read in that moment, and found an instance the model had freed). Work still waiting to be let run holds them
    /// too, but ends only once let run or ended unread.
    func letTasksOfFreedDefaultsEnd() async {
        await wait { !self.works[self.firstWork...].contains { $0.isFreed && [.released, .done].contains($0.state) } }
    }

    /// Ends the program, and the work that its defaults started and that was not let run, without reads: a program
    /// that stopped early leaves some unreleased, and their reads, late, would create defaults in the next program (or
    /// the model does not follow). No work is let run then: ``runNewWork(as:)`` waits for the reads of each.
    func finishStartedWork() async {
        stop()
        change { for index in works.indices where works[index].state == .waiting { works[index].state = .done } }
    }

    /// Suspends until `isDone`, which looks at the state under `lock`, holds: each change of the work after which it
    /// holds resumes the waiter, with no timer, which looks again at its turn. A task of the programs' queue that the
    /// change lets end runs to its end first, in the order the queue runs them, and may free defaults whose tasks
    /// then still hold values.
    private func wait(until isDone: @escaping () -> Bool) async {
        while !lock.withLock(isDone) {
            await withCheckedContinuation { continuation in change { waiters.append((isDone, continuation)) } }
        }
    }

    /// Changes the work with `body` under `lock`, then resumes the waiters whose condition holds now.
    private func change(_ body: () -> Void) {
        let ready = lock.withLock {
            body()
            defer { waiters.removeAll { $0.isDone() } }
            return waiters.filter { $0.isDone() }.map(\.continuation)
        }
        for continuation in ready { continuation.resume() }
    }

    // MARK: Creations and live instances

    /// How many times each key's default was created since ``start(_:)``, what the Dispatch blocks of creations read
    /// since, in the order they ran, and how many probes, owners and holders that the program started last made are
    /// alive.
    var counts: (creations: [Int], dispatchedReads: [(serial: Int, reads: [Int])], alive: Int) {
        lock.withLock { (creations, dispatchReads, programCensus.withLock { $0 }) }
    }

    /// The census of the program that runs, where an instance made now counts itself.
    var census: _Locked<Int> { lock.withLock { programCensus } }

    /// The body of every key's `defaultValue`, `previewValue` and `testingValue`: the program's behavior for `key`.
    func makeDefault(of key: Int) -> any ModelProbe {
        let (behavior, serial) = lock.withLock {
            creations[key] += 1
            return (behaviors.indices.contains(key) ? behaviors[key] : KeyBehavior(), creations.reduce(0, +))
        }
        RaceTurns.shared.creationStarts(waitingForASecondReader: behavior.waitsForASecondReader)
        behavior.readWhileCreated({ DependencyValues.current[model: $0].serial }) { scopedRead in
            let override = ValueProbe(serial: Self.overrideSerial(madeBy: key))
            let read = { _ = DependencyValues.current[model: scopedRead] }
            withDependencies({ $0[model: key] = override }, operation: read)
        }
        // Work that the creation waits for, noted as the reads of its Dispatch block: a Dispatch block that re-enters
        // its values, or a `Task { }` that inherits its task-local values, on a queue of its own (not the programs'
        // queue, which the creation is blocking, nor the cooperative pool).
        if let work = behavior.work, work.kind != .task {
            let record: @Sendable () -> Void = { [self] in
                let reads = work.reads.map { DependencyValues.current[model: $0].serial }
                lock.withLock { dispatchReads.append((serial, reads)) }
            }
            if work.kind == .dispatch {
                let values = DependencyValues.current
                _ = Executor.dispatch.run([{ @Sendable in withDependencies(values, operation: record) }])
            } else {
                // NB: the task never suspends, so that its one job, enqueued as it is made, ends it: until then, it
                // holds the creation's values, which the model no longer counts.
                ProgramTasks.runOnAQueueOfItsOwn(record)
            }
        }
        let references = behavior.references.map { ModelKeys.dependency(on: $0.key, byKeyPath: $0.byKeyPath) }
        let captured: DependencyValues? = behavior.capturesCurrent ? .current : nil
        let value = { ValueProbe(serial: serial, references: references, captured: captured) }
        switch behavior.shape {
        case .owner(let held): return ModelKeys.types[held].owner(serial: serial)
        case .ownerSubclass(let inherited, let own):
            return ModelKeys.types[inherited].ownerSubclass(own: ModelKeys.types[own], serial: serial)
        case .value: return value()
        case .object: return ObjectProbe(value(), reads: behavior.work?.kind == .task ? behavior.work?.reads : nil)
        }
    }

    /// The serial of the override that a creation of `key` sets in the scope it enters.
    static func overrideSerial(madeBy key: Int) -> Int { -10_000 - key }
}

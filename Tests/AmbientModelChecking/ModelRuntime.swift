import Ambient
import Foundation

/// What the keys' defaults do in the program that runs now, and what they did: creations and live instances.
///
/// One program runs at a time (the suite is serialized, the soak runs programs one after another).
final class ModelRuntime: @unchecked Sendable {
    // Safe: every stored property is behind `lock`.

    static let shared = ModelRuntime()

    private let lock = NSLock()
    private var behaviors: [KeyBehavior] = []
    private var lastSerial = 0
    private var creations: [Int] = Array(repeating: 0, count: ModelKeys.count)
    /// The program that ``start(_:)`` started last, counted from 1.
    private var program = 0
    /// How many instances of each program are alive, by program.
    private var alive: [Int: Int] = [:]
    /// Work started by defaults (the tasks of ``ObjectProbe``s), in the order it was started: the serial of the
    /// default, whether the program let it run, the continuation of a task waiting for that, and what the work read.
    private var works: [Work] = []
    private var worksStarted = 0
    /// The first of ``works`` that the program ``start(_:)`` started last registered.
    private var firstWorkOfTheProgram = 0
    /// Whether a program runs: work registered otherwise is stale.
    private var isRunning = false
    /// What the Dispatch blocks of creations read, by the serial of the default, in the order they ran.
    private var dispatchReads: [(serial: Int, reads: [Int])] = []
    /// Tasks waiting in ``waitUntil(_:)`` for the next change of the work or of the live instances.
    private var changeWaiters: [CheckedContinuation<Void, Never>] = []
    /// How many such changes there were, so that a waiter never misses one between looking and waiting.
    private var changes = 0

    /// Work one default started: its index in ``works``.
    typealias WorkID = Int

    private struct Work {
        let serial: Int
        var isStale = false
        var isReleased = false
        var waiting: CheckedContinuation<Bool, Never>?
        var hasRead = false
        var finished: CheckedContinuation<Void, Never>?
        /// Whether the default that started the work was freed, and whether the work's task ended since.
        var isFreed = false
        var hasEnded = false
    }

    /// Starts a program whose keys behave as `behaviors`: serials start again from 1, creation counts from 0.
    func start(_ behaviors: [KeyBehavior]) {
        _ = ModelKeys.keyPathsLearned
        lock.withLock {
            (self.behaviors, lastSerial, creations, dispatchReads) = (behaviors, 0, creations.map { _ in 0 }, [])
            (program, worksStarted, firstWorkOfTheProgram, isRunning) = (program + 1, works.count, works.count, true)
        }
    }

    /// Ends the program: the work that its defaults start from now on (the reads of work let run at its end) is
    /// never let run, nor taken for the next program's.
    func stop() {
        lock.withLock { isRunning = false }
    }

    // MARK: Work started by defaults

    /// Registers the work a default starts; it waits for ``release(_:)``.
    func registerWork(of serial: Int) -> WorkID {
        lock.withLock {
            works.append(Work(serial: serial, isStale: !isRunning))
            return works.count - 1
        }
    }

    /// The work registered since the last call, in the order it was started: what the program must release next.
    func newWork() -> [(id: WorkID, serial: Int)] {
        lock.withLock {
            defer { worksStarted = works.count }
            return (worksStarted..<works.count).filter { !works[$0].isStale }.map { ($0, works[$0].serial) }
        }
    }

    /// Waits until the program lets `work` run; whether it may read. Work started after the program ended (by the
    /// reads of work let run at its end) is stale: it reads nothing, and goes on at once, so that its task ends
    /// with its default instead of waiting forever with the values it inherited (and the overrides they keep).
    func waitUntilReleased(_ work: WorkID) async -> Bool {
        await withCheckedContinuation { continuation in
            let answer: Bool? = lock.withLock {
                if works[work].isStale { return false }
                if works[work].isReleased { return true }
                works[work].waiting = continuation
                return nil
            }
            if let answer { continuation.resume(returning: answer) }
        }
    }

    /// Lets `work` go on without reading, as stale work does: the end of a chain of creations by the tasks of their
    /// values, which the model bounds (see ``ReferenceModel/takeStartedWork()``). Without `work`, ends so every work
    /// started so far that was not let run: the end of a program that stopped early (its reads, late, would create
    /// defaults the model does not follow).
    func endUnread(_ work: WorkID? = nil) {
        change {
            if work == nil { worksStarted = works.count }
            let ending = work.map { [$0] } ?? works.indices.filter { !works[$0].isStale && !works[$0].isReleased }
            let waiting = ending.compactMap { index in
                works[index].isStale = true
                defer { works[index].waiting = nil }
                return works[index].waiting
            }
            return { for continuation in waiting { continuation.resume(returning: false) } }
        }
    }

    /// Notes that `work` read what it reads.
    func finish(_ work: WorkID) {
        change {
            works[work].hasRead = true
            defer { works[work].finished = nil }
            return { [finished = works[work].finished] in finished?.resume() }
        }
    }

    /// Lets `work` run, and waits until it read what it reads.
    func release(_ work: WorkID) async {
        await withCheckedContinuation { continuation in
            change {
                works[work].isReleased = true
                let hasRead = works[work].hasRead
                if !hasRead { works[work].finished = continuation }
                defer { works[work].waiting = nil }
                return { [waiting = works[work].waiting] in
                    waiting?.resume(returning: true)
                    if hasRead { continuation.resume() }
                }
            }
        }
    }

    /// Notes that the default that started `work` was freed (its task ends at its next turn, and lets go of the values
    /// it inherited then), or that the task of `work` ended.
    func note(_ work: WorkID, freed: Bool = false, ended: Bool = false) {
        change {
            works[work].isFreed = works[work].isFreed || freed
            works[work].hasEnded = works[work].hasEnded || ended
            return {}
        }
    }

    /// Whether a task of the program that was let run (or is stale) still runs although its default was freed: until
    /// it ends, it holds the values it inherited, which the model lets go of when the default is freed.
    var tasksOfFreedDefaultsRun: Bool {
        lock.withLock {
            works[firstWorkOfTheProgram...].contains { $0.isFreed && !$0.hasEnded && ($0.isReleased || $0.isStale) }
        }
    }

    /// Whether every work started so far read what it reads (or was never let run).
    var startedWorkFinished: Bool {
        lock.withLock { works.allSatisfy { !$0.isReleased || $0.isStale || $0.hasRead } }
    }

    /// What the Dispatch blocks of creations read since ``start(_:)``, in the order they ran.
    var dispatchedReads: [(serial: Int, reads: [Int])] { lock.withLock { dispatchReads } }

    /// How many times each key's default was created since ``start(_:)``.
    var creationCounts: [Int] { lock.withLock { creations } }

    /// How many probes, owners and holders that the program started last made are alive. Counted by program, so that
    /// what an earlier program keeps, or frees late, does not count.
    var liveInstances: Int { lock.withLock { alive[program] ?? 0 } }

    /// Counts a new instance, and returns its program, for ``instanceFreed(of:)``.
    func instanceCreated() -> Int {
        lock.withLock {
            alive[program, default: 0] += 1
            return program
        }
    }

    func instanceFreed(of program: Int) {
        change {
            alive[program, default: 0] -= 1
            return {}
        }
    }

    // MARK: Waiting for changes

    /// Suspends until `isDone` holds, looking again after each change of the work or of the live instances: the
    /// events that can make it hold, with no timer. A task of the programs' thread that the change lets end runs to
    /// its end before this one goes on, in the order the thread runs them.
    func waitUntil(_ isDone: () -> Bool) async {
        while true {
            let seen = lock.withLock { changes }
            if isDone() { return }
            await withCheckedContinuation { continuation in
                let changedMeanwhile = lock.withLock {
                    if changes != seen { return true }
                    changeWaiters.append(continuation)
                    return false
                }
                if changedMeanwhile { continuation.resume() }
            }
        }
    }

    /// Makes a change of the work or of the live instances under `lock`, then runs what `body` returned (the
    /// continuations it resumes) and resumes the waiters of ``waitUntil(_:)``.
    private func change(_ body: () -> () -> Void) {
        let (after, waiters) = lock.withLock {
            changes += 1
            defer { changeWaiters = [] }
            return (body(), changeWaiters)
        }
        after()
        for waiter in waiters { waiter.resume() }
    }

    /// The body of every key's `defaultValue`, `previewValue` and `testingValue`: the program's behavior for `key`.
    func makeDefault(of key: Int) -> any ModelProbe {
        let (behavior, serial) = lock.withLock { () -> (KeyBehavior, Int) in
            creations[key] += 1
            lastSerial += 1
            return (behaviors.indices.contains(key) ? behaviors[key] : KeyBehavior(), lastSerial)
        }
        if let reader = RaceTurns.reader { RaceTurns.shared.passTurn(from: reader) }
        if behavior.waitsForASecondReader { RaceTurns.shared.waitForASecondReader() }
        behavior.readWhileCreated({ ModelKeys.read($0, in: .current).serial }) { entered in
            withDependencies {
                let override = ValueProbe(serial: Self.overrideSerial(madeBy: key))
                ModelKeys.set(entered.overriding, to: override, in: &$0)
            } operation: {
                _ = ModelKeys.read(entered.reads, in: .current)
            }
        }
        if let work = behavior.work, work.kind != .task { runAndWait(work, of: serial) }
        let references = behavior.references.map { ModelKeys.dependency(on: $0.key, byKeyPath: $0.byKeyPath) }
        let captured: DependencyValues? = behavior.capturesCurrent ? .current : nil
        switch behavior.shape {
        case .owner(let held):
            return ModelKeys.types[held].owner(serial: serial)
        case .ownerSubclass(let inherited, let own):
            return ModelKeys.types[inherited].ownerSubclass(own: ModelKeys.types[own], serial: serial)
        case .object:
            let taskReads = behavior.work?.kind == .task ? behavior.work?.reads : nil
            return ObjectProbe(serial: serial, references: references, captured: captured, reads: taskReads)
        case .value:
            return ValueProbe(serial: serial, references: references, captured: captured)
        }
    }

    /// The serial of the override that a creation of `key` sets in the scope it enters.
    static func overrideSerial(madeBy key: Int) -> Int { -10_000 - key }

    /// Runs work that a creation waits for: a Dispatch block that re-enters the creation's values, or a `Task { }`
    /// that inherits its task-local values, reading `work.reads`, noted as the reads of `serial`'s Dispatch block.
    private func runAndWait(_ work: KeyBehavior.Work, of serial: Int) {
        let done = DispatchSemaphore(value: 0)
        let record: @Sendable ([Int]) -> Void = { [self] serials in
            lock.withLock { dispatchReads.append((serial, serials)) }
            done.signal()
        }
        guard work.kind == .taskDuringCreation else {
            // NB: the block drops the creation's values before it signals, so that they are not kept a moment longer.
            // Not a re-entry, which also waits until the queue released its closure: a second wake-up per creation,
            // which a program of many creations under the thread sanitizer (seed 3884, up to 28 s)
            // cannot spare.
            let values = DroppedValues(DependencyValues.current)
            ProgramExecutor.dispatchQueue().async { record(values.read(work.reads)) }
            return done.wait()
        }
        let executor = ProgramExecutor()
        _ = ProgramExecutor.task(on: executor) { record(work.reads.map { ModelKeys.read($0, in: .current).serial }) }
        done.wait()
        // NB: until the task ended, it holds the creation's values, which the model no longer counts.
        executor.finishAndWait()
    }
}

/// Values that a block reads in once, and drops.
private final class DroppedValues: @unchecked Sendable {
    // Safe: `values` is read and dropped by the one block that holds this object.
    private var values: DependencyValues?

    init(_ values: DependencyValues) { self.values = values }

    func read(_ keys: [Int]) -> [Int] {
        guard let values else { return [] }
        self.values = nil
        return withDependencies(values) { keys.map { ModelKeys.read($0, in: .current).serial } }
    }
}

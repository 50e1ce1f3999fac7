import Ambient
import Foundation

/// A serial queue of its own, as the task executor of the task that runs the programs (``shared``), or of one task a
/// creation starts and waits for.
///
/// The programs are asynchronous (async scopes, detached tasks, the tasks defaults start) and, on the cooperative
/// pool, wait for a free pool thread at each resumption. Beside the stress suites, whose synchronous bodies hold pool
/// threads for seconds under the thread sanitizer, a program could wait longer than the ``Watchdog`` allows with no
/// work of its own to wait for (CI's thread-sanitizer step failed so, once in two runs). On a queue of its own a
/// program waits only for what it started itself, its jobs run one at a time in the order they were enqueued, and its
/// synchronous steps may block the queue's thread (a re-entry on another thread, a race): what they wait for runs on
/// threads and queues of its own, never here. A private queue targets the overcommitting global queue, which starts a
/// thread for it when none is free.
@available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class ProgramExecutor: TaskExecutor {
    /// The programs' queue, named `ModelPrograms` as debuggers show it.
    static let shared = ProgramExecutor(label: "ModelPrograms")
    private let queue: DispatchQueue

    init(label: String) { queue = DispatchQueue(label: label) }

    func enqueue(_ job: consuming ExecutorJob) {
        queue.async { [job = UnownedJob(job)] in job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    /// Waits until every job enqueued so far ran.
    func drain() { queue.sync {} }
}

/// The tasks of the programs: on ``ProgramExecutor``'s queues where the platform has task executors, else on the
/// cooperative pool (the checks are the same; only a busy pool may slow them).
enum ProgramTasks {
    /// Runs `body` in a task that prefers the programs' queue, and returns what it returned.
    static func run<T: Sendable>(_ body: @escaping @Sendable () async -> T) async -> T { await task(body).value }

    /// A task, or a detached task, that prefers the programs' queue; a task inherits task-local values, as `Task { }`
    /// does.
    @discardableResult
    static func task<T: Sendable>(detached: Bool = false, _ body: sending @escaping () async -> T) -> Task<T, Never> {
        guard #available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else {
            return detached ? Task.detached(operation: body) : Task(operation: body)
        }
        return detached
            ? Task.detached(executorPreference: ProgramExecutor.shared, operation: body)
            : Task(executorPreference: ProgramExecutor.shared, operation: body)
    }

    /// Runs `body` in a `Task { }`, which inherits the task-local values, on a queue of its own (not the programs'
    /// queue, which the caller is blocking), and waits until it ran.
    ///
    /// NB: `body` never suspends, so that the task's one job, enqueued as the task is made, runs all of it.
    static func runOnAQueueOfItsOwn(_ body: @escaping @Sendable () -> Void) {
        guard #available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else {
            let ran = DispatchSemaphore(value: 0)
            Task {
                body()
                ran.signal()
            }
            return ran.wait()
        }
        let executor = ProgramExecutor(label: "AmbientModelChecking.task")
        Task(executorPreference: executor, operation: body)
        executor.drain()
    }
}

extension Executor {
    /// Runs each of `bodies` on a thread of its own, or on a new serial Dispatch queue of its own (inline: one after
    /// another, here), all started before any runs; what they returned, once each ran and its block let go of it.
    ///
    /// NB: not only once they ran: a queue or a thread releases its block a moment after it finished, and until then
    /// what the body captured (values, and the scope they keep alive) would live on. A read that the program makes next
    /// would find the scope's instance in some runs and not in others, where the model finds the scope ended (seed
    /// 132: a creation more or less). The block holds a handoff only, which it empties of the body before it signals.
    /// Not `DispatchQueue.global()`: on Linux its threads are the cooperative pool's (see ``ProgramExecutor``).
    func run<T: Sendable>(_ bodies: [@Sendable () -> T]) -> [T] {
        guard self != .inline else { return bodies.map { $0() } }
        let handoffs = bodies.map { _Locked<(body: (@Sendable () -> T)?, value: T?)>(($0, nil)) }
        let (gate, done) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        for handoff in handoffs {
            let block: @Sendable () -> Void = {
                gate.wait()
                // NB: the body runs, and what it returned is stored, inside the handoff's own lock, which nothing
                // else takes before the block signals: a local of the block would hold the value past the signal
                // (seeds 6, 25 and 108 then found an instance alive after the program dropped it).
                handoff.withLock { $0.value = $0.body.take()?() }
                done.signal()
            }
            _ =
                self == .dispatch
                ? DispatchQueue(label: "AmbientModelChecking.dispatch").async(execute: block)
                : Thread(block: block).start()
        }
        for _ in handoffs { gate.signal() }
        for _ in handoffs { done.wait() }
        // What the bodies returned, which the handoffs drop too: a block may still hold its handoff.
        return handoffs.map { $0.withLock { $0.value.take()! } }
    }
}

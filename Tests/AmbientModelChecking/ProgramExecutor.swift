import Foundation

/// The one thread the programs run on, as the task executor of the task that runs them.
///
/// The programs are asynchronous (async scopes, detached tasks, the tasks defaults start) and, on the cooperative
/// pool, wait for a free pool thread at each resumption. Beside the stress suites, whose synchronous bodies hold pool
/// threads for seconds under the thread sanitizer, a program could wait longer than the ``Watchdog`` allows with no
/// work of its own to wait for (CI's thread-sanitizer step failed so, once in two runs). On this thread a program waits
/// only for what it started itself. Its synchronous steps may block the thread (a re-entry on another thread, a race):
/// what they wait for runs on threads and queues of its own, never here.
final class ProgramExecutor: TaskExecutor, @unchecked Sendable {
    // Safe: `jobs` and `isFinished` are behind `condition`; the thread is started once, in `init`.

    /// The programs' thread, named `ModelPrograms` as debuggers show it.
    static let shared = ProgramExecutor(name: "ModelPrograms")

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var isFinished = false
    private let ended = DispatchSemaphore(value: 0)

    /// Starts the executor's thread, which keeps the executor until it ends.
    ///
    /// A thread of its own also serves one task that never suspends: the task a creation starts and waits for. Not
    /// the programs' thread, which the creation may be blocking, and not the cooperative pool.
    init(name: String? = nil) {
        Thread { [self] in
            // NB: named from inside, as Foundation on Linux drops a name set before `start()`.
            if let name { Thread.current.name = name }
            run()
        }.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    /// Ends the thread once it ran every job enqueued so far, and waits until it did.
    func finishAndWait() {
        condition.withLock {
            isFinished = true
            condition.signal()
        }
        ended.wait()
    }

    private func run() {
        while let job = condition.withLock({ () -> UnownedJob? in
            while jobs.isEmpty, !isFinished { condition.wait() }
            return jobs.isEmpty ? nil : jobs.removeFirst()
        }) {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
        ended.signal()
    }

    /// Runs `operation` with this executor as its task's preference, where the platform has task executors.
    static func run<T: Sendable>(_ operation: @Sendable () async -> T) async -> T {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return await withTaskExecutorPreference(shared, operation: operation)
        }
        return await operation()
    }

    /// A task that prefers this executor, where the platform has task executors; it inherits task-local values, as
    /// `Task { }` does.
    static func task(
        on executor: any TaskExecutor = shared, _ operation: sending @escaping @isolated(any) () async -> Void
    ) -> Task<Void, Never> {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return Task(executorPreference: executor, operation: operation)
        }
        return Task(operation: operation)
    }

    /// A new serial Dispatch queue, for a block the program waits for.
    ///
    /// Not `DispatchQueue.global()`: on Linux its threads are the cooperative pool's, limited to the processor count,
    /// and the stress suites can hold them all for a minute under the thread sanitizer (CI's flake: a re-entry on
    /// Dispatch waited that long for a thread). A private queue targets the overcommitting global queue, which starts
    /// a thread for it when none is free.
    static func dispatchQueue() -> DispatchQueue {
        DispatchQueue(label: "AmbientModelChecking.dispatch")
    }

    /// A detached task that prefers this executor, where the platform has task executors.
    static func detached<T: Sendable>(_ operation: sending @escaping () async -> T) -> Task<T, Never> {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return Task.detached(executorPreference: shared, operation: operation)
        }
        return Task.detached(operation: operation)
    }
}

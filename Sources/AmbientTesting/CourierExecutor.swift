import Dispatch

/// The thread an ``IssueCourier``'s task runs on: a serial Dispatch queue of its own, never the cooperative pool.
///
/// A courier's sender blocks until the courier has recorded its failure. When the sender is itself a thread of the
/// cooperative pool (a `Task.detached`, a Dispatch block that Swift concurrency runs), and the other threads of that
/// small pool are blocked too — by other senders, or by tests that wait on a semaphore, as happens in a parallel run
/// on a busy machine — a courier that needs the pool could not run until they let go. On its own queue it always can,
/// and a failure from another thread is recorded at once.
@available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class CourierExecutor: TaskExecutor {
    static let shared = CourierExecutor()

    private let queue = DispatchQueue(label: "Ambient.IssueCourier")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

import Ambient
import Dispatch

/// Runs `work` on a Dispatch queue's thread — not this one (`DispatchQueue.sync` may run it here) — and waits.
func onADispatchThread(_ work: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        work()
        done.signal()
    }
    // NB: may hold a thread of the task pool, but only until a Dispatch thread ran `work`: the reads it makes
    // report their failures through a courier on a queue of its own (`CourierExecutor`), never on the pool.
    done.wait()
}

/// Waits for `semaphore` on a Dispatch thread, so that the wait never holds one of the few threads that run every
/// test's tasks: what signals it may be a task that needs one of them.
func waitOffTheTaskPool(for semaphore: DispatchSemaphore) async {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            semaphore.wait()
            continuation.resume()
        }
    }
}

/// Reads the live-only service in `values`, re-entered on a Dispatch queue's thread.
func readLiveOnlyServiceOnADispatchThread(in values: DependencyValues) {
    onADispatchThread { _ = withDependencies(values) { DependencyValues.current.liveOnlyService } }
}

import Ambient
import Dispatch

/// Runs `work` on a Dispatch queue's thread — not this one (`DispatchQueue.sync` may run it here) — and waits.
func onADispatchThread(_ work: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        work()
        done.signal()
    }
    done.wait()
}

/// Reads the live-only service in `values`, re-entered on a Dispatch queue's thread.
func readLiveOnlyServiceOnADispatchThread(in values: DependencyValues) {
    onADispatchThread { _ = withDependencies(values) { DependencyValues.current.liveOnlyService } }
}

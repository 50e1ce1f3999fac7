import Dispatch

/// Carries failures to a Swift Testing test from threads that do not run it.
///
/// Swift Testing knows which test an issue belongs to from task-local values that a Dispatch queue, a `Thread` or a
/// `Task.detached` do not carry, and it tells no one when a test ends. So a courier is made on the test's own task —
/// made again at each read there (see ``TestIssueReporter/refreshCourier()``), since its task also inherits the
/// known-issue block of that moment — and records every failure handed to it as an issue of that test, also one that
/// arrives after the test returned, which then fails the run under the test's name. The task ends when the courier
/// is freed: replaced, or with its root.
final class IssueCourier: Sendable {
    /// A failure, and what its sender waits on until the courier has recorded it.
    private struct Delivery: Sendable {
        var failure: TestIssueReporter.Failure
        var recorded: DispatchSemaphore
    }

    /// How long a sender waits for the record: a bound that only stops a hang, such as a courier's task that cannot
    /// run where ``CourierExecutor`` is not available (before macOS 15 and iOS 18, it runs on the cooperative pool).
    static let patience: DispatchTimeInterval = .seconds(10)

    private let continuation: AsyncStream<Delivery>.Continuation

    /// A courier whose task records with `record`. Make it on the test's task.
    init(record: @escaping @Sendable (TestIssueReporter.Failure) -> Void) {
        // NB: `AsyncStream.makeStream` needs macOS 14; the continuation leaves the initializer's closure instead.
        let channel = _Locked<AsyncStream<Delivery>.Continuation?>(nil)
        let stream = AsyncStream<Delivery> { continuation in channel.withLock { $0 = continuation } }
        continuation = channel.withLock { $0 }.unsafelyUnwrapped
        if #available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            Task(executorPreference: CourierExecutor.shared) { await Self.record(stream, with: record) }
        } else {
            Task { await Self.record(stream, with: record) }
        }
    }

    /// Records each delivery of `stream`, then tells its sender.
    private static func record(
        _ stream: AsyncStream<Delivery>,
        with record: @Sendable (TestIssueReporter.Failure) -> Void
    ) async {
        for await delivery in stream {
            record(delivery.failure)
            delivery.recorded.signal()
        }
    }

    deinit { continuation.finish() }

    /// Hands `failure` to the courier's task and waits until it is recorded, so that a test that waits for the work
    /// that failed (a Dispatch block, a detached task) fails before it returns.
    func deliver(_ failure: TestIssueReporter.Failure) {
        let recorded = DispatchSemaphore(value: 0)
        continuation.yield(Delivery(failure: failure, recorded: recorded))
        _ = recorded.wait(timeout: .now() + Self.patience)
    }
}

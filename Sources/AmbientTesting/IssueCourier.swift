/// Carries failures to a Swift Testing test from threads that do not run it.
///
/// Swift Testing knows which test an issue belongs to from task-local values that a Dispatch queue, a `Thread` or a
/// `Task.detached` do not carry, and it tells no one when a test ends. So a courier is made on the test's own task,
/// when its implicit root is (see ``ImplicitTestRoots``): its task inherits the test's task-local values, and records
/// every failure handed to it as an issue of that test — also one that arrives after the test returned, which then
/// fails the run under the test's name. The task ends when the courier is freed with its root.
final class IssueCourier: Sendable {
    private let continuation: AsyncStream<TestIssueReporter.Failure>.Continuation

    /// A courier whose task records with `record`. Make it on the test's task.
    init(record: @escaping @Sendable (TestIssueReporter.Failure) -> Void) {
        // NB: `AsyncStream.makeStream` needs macOS 14; the continuation leaves the initializer's closure instead.
        let channel = _Locked<AsyncStream<TestIssueReporter.Failure>.Continuation?>(nil)
        let stream = AsyncStream<TestIssueReporter.Failure> { continuation in channel.withLock { $0 = continuation } }
        continuation = channel.withLock { $0 }.unsafelyUnwrapped
        Task {
            for await failure in stream { record(failure) }
        }
    }

    deinit { continuation.finish() }

    /// Hands `failure` to the courier's task.
    func deliver(_ failure: TestIssueReporter.Failure) {
        continuation.yield(failure)
    }
}

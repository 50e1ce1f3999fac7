/// Keeps an observer of a ``KeyValueStore`` key registered: the calls stop when it is cancelled or released.
///
/// ```swift
/// let subscription = store.observe("sleepGoal") { refresh() }
/// // ...
/// subscription.cancel()
/// ```
public final class KeyValueStoreSubscription: Sendable {
    private let onCancel: @Sendable () -> Void

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
    }

    deinit {
        onCancel()
    }

    /// Stops the calls. Cancelling twice is harmless.
    public func cancel() {
        onCancel()
    }
}

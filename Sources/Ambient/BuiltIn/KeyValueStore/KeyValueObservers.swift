/// The observers of one ``KeyValueStore``, each with the key it watches.
///
/// Callbacks run outside the lock, on the thread that made the change, so a callback may read or write the store.
final class KeyValueObservers: Sendable {
    private typealias Observer = (key: String, onChange: @Sendable () -> Void)

    private let state = ConditionLock((lastID: 0, byID: [Int: Observer]()))

    /// Registers `onChange` for `key` until the returned subscription ends.
    func add(_ key: String, _ onChange: @escaping @Sendable () -> Void) -> KeyValueStoreSubscription {
        let id = state.withLock { state in
            state.lastID += 1
            state.byID[state.lastID] = (key, onChange)
            return state.lastID
        }
        return KeyValueStoreSubscription { [weak self] in
            self?.state.withLock { $0.byID[id] = nil }
        }
    }

    /// Calls the observers of `key`, or every observer for a change that does not say which key changed (`nil`).
    func notify(_ key: String?) {
        for observer in state.withLock({ $0.byID.values }) where key == nil || observer.key == key {
            observer.onChange()
        }
    }
}

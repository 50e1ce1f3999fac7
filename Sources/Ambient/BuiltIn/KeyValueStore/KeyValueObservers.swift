/// The observers of one ``KeyValueStore``, by key.
///
/// Callbacks run outside the lock, on the thread that made the change, so a callback may read or write the store.
final class KeyValueObservers: Sendable {
    private struct State {
        var nextID = 0
        var byKey: [String: [Int: @Sendable () -> Void]] = [:]
    }

    private let state = ConditionLock(State())

    /// Registers `onChange` for `key` until the returned subscription ends.
    func add(_ key: String, _ onChange: @escaping @Sendable () -> Void) -> KeyValueStoreSubscription {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.byKey[key, default: [:]][state.nextID] = onChange
            return state.nextID
        }
        return KeyValueStoreSubscription { [weak self] in
            self?.state.withLock { state in
                state.byKey[key]?[id] = nil
                if state.byKey[key]?.isEmpty == true { state.byKey[key] = nil }
            }
        }
    }

    /// Calls the observers of `key`.
    func notify(_ key: String) {
        for onChange in state.withLock({ $0.byKey[key].map { Array($0.values) } ?? [] }) {
            onChange()
        }
    }

    /// Calls every observer: for a change that does not say which key changed.
    func notifyAll() {
        for onChange in state.withLock({ $0.byKey.values.flatMap(\.values) }) {
            onChange()
        }
    }
}

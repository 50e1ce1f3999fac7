import Foundation

/// What the copies of one ``KeyValueStore`` share: its property-list objects, and its observers, each with the key it
/// watches.
///
/// The objects live in a `UserDefaults` database for the running app, or in a dictionary for previews and tests.
/// Observers are called outside the lock, on the thread that made the change, so a callback may read or write the
/// store.
final class KeyValueStorage: @unchecked Sendable {
    // Safe: both properties are constants, `state` is only touched under its lock, and `UserDefaults` is documented as
    // thread-safe ("The UserDefaults class is thread-safe"); it is not marked `Sendable` on every platform only
    // because it is an open class.
    private typealias Observer = (key: String, onChange: @Sendable () -> Void)

    /// The database the objects live in; `nil` keeps them in `state.objects`.
    private let defaults: UserDefaults?
    private let state: ConditionLock<
        (objects: [String: any Sendable], lastID: Int, observers: [Int: Observer], token: (any NSObjectProtocol)?)
    >

    init(defaults: UserDefaults?, objects: [String: any Sendable] = [:]) {
        self.defaults = defaults
        state = ConditionLock((objects, 0, [:], nil))
        guard let defaults else { return }
        // NB: the notification does not say which key changed, so every observer is told; each compares for itself.
        let token = NotificationCenter.default.addObserver(
            forName: UserDefaults.didChangeNotification, object: defaults, queue: nil
        ) { [weak self] _ in
            self?.notify(nil)
        }
        state.withLock { $0.token = token }
    }

    deinit {
        if let token = state.withLock({ $0.token }) { NotificationCenter.default.removeObserver(token) }
    }

    func object(forKey key: String) -> Any? {
        if let defaults { return defaults.object(forKey: key) }
        let object: (any Sendable)? = state.withLock { $0.objects[key] }
        return object
    }

    /// Stores `object` under `key`, `nil` removing the key, then calls the key's observers.
    func setObject(_ object: (any Sendable)?, forKey key: String) {
        if let defaults, let object {
            defaults.set(object, forKey: key)
        } else if let defaults {
            defaults.removeObject(forKey: key)
        } else {
            state.withLock { $0.objects[key] = object }
        }
        notify(key)
    }

    /// Registers `onChange` for `key` until the returned subscription ends.
    func observe(_ key: String, _ onChange: @escaping @Sendable () -> Void) -> KeyValueStoreSubscription {
        let id = state.withLock { state in
            state.lastID += 1
            state.observers[state.lastID] = (key, onChange)
            return state.lastID
        }
        return KeyValueStoreSubscription { [weak self] in
            self?.state.withLock { $0.observers[id] = nil }
        }
    }

    /// Calls the observers of `key`, or every observer for a change that does not say which key changed (`nil`).
    private func notify(_ key: String?) {
        for observer in state.withLock({ $0.observers.values }) where key == nil || observer.key == key {
            observer.onChange()
        }
    }
}

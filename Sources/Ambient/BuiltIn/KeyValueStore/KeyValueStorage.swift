import Foundation

/// What the copies of one ``KeyValueStore`` share: its property-list objects, and its observers, each with the key it
/// watches.
///
/// The objects live in a `UserDefaults` database for the running app, or in a dictionary for previews and tests.
/// Observers are called outside the lock, on the thread that made the change, so a callback may read or write the
/// store.
final class KeyValueStorage: @unchecked Sendable {
    // Safe: the properties are constants, the dictionaries are only touched under their locks, and `UserDefaults` is
    // documented as thread-safe ("The UserDefaults class is thread-safe"); it is not marked `Sendable` on every
    // platform only because it is an open class.
    private typealias Observer = (key: String, onChange: @Sendable () -> Void)

    /// The database the objects live in; `nil` keeps them in `objects`.
    private let defaults: UserDefaults?
    private let objects: ConditionLock<[String: any Sendable]>
    /// The observers by ID, and the registration for the database's change notification.
    private let observers = ConditionLock((lastID: 0, byID: [Int: Observer](), token: (any NSObjectProtocol)?.none))

    init(defaults: UserDefaults?, objects: [String: any Sendable] = [:]) {
        self.defaults = defaults
        self.objects = ConditionLock(objects)
        guard let defaults else { return }
        // NB: the notification does not say which key changed, so every observer is told; each compares for itself.
        let token = NotificationCenter.default.addObserver(
            forName: UserDefaults.didChangeNotification, object: defaults, queue: nil
        ) { [weak self] _ in
            self?.notify(nil)
        }
        observers.withLock { $0.token = token }
    }

    deinit {
        if let token = observers.withLock({ $0.token }) { NotificationCenter.default.removeObserver(token) }
    }

    func object(forKey key: String) -> Any? {
        if let defaults { return defaults.object(forKey: key) }
        let object: (any Sendable)? = objects.withLock { $0[key] }
        return object
    }

    /// Stores `object` under `key`, `nil` removing the key (as `UserDefaults.set(_:forKey:)` does), then calls the
    /// key's observers.
    func setObject(_ object: (any Sendable)?, forKey key: String) {
        if let defaults {
            defaults.set(object, forKey: key)
        } else {
            objects.withLock { $0[key] = object }
        }
        notify(key)
    }

    /// Registers `onChange` for `key` until the returned subscription ends.
    func observe(_ key: String, _ onChange: @escaping @Sendable () -> Void) -> KeyValueStoreSubscription {
        let id = observers.withLock { observers in
            observers.lastID += 1
            observers.byID[observers.lastID] = (key, onChange)
            return observers.lastID
        }
        return KeyValueStoreSubscription { [weak self] in
            self?.observers.withLock { $0.byID[id] = nil }
        }
    }

    /// Calls the observers of `key`, or every observer for a change that does not say which key changed (`nil`).
    private func notify(_ key: String?) {
        for observer in observers.withLock({ $0.byID.values }) where key == nil || observer.key == key {
            observer.onChange()
        }
    }
}

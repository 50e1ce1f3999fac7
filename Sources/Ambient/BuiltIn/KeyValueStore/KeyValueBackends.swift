import Foundation

/// Where a ``KeyValueStore`` keeps its property-list objects.
protocol KeyValueBackend: Sendable {
    func object(forKey key: String) -> Any?
    /// Stores `object` under `key`; `nil` removes the key.
    func setObject(_ object: (any Sendable)?, forKey key: String)
}

/// Objects in a dictionary, for previews and tests.
final class InMemoryBackend: KeyValueBackend {
    private let objects: ConditionLock<[String: any Sendable]>

    init(_ objects: [String: any Sendable]) {
        self.objects = ConditionLock(objects)
    }

    func object(forKey key: String) -> Any? {
        let object: (any Sendable)? = objects.withLock { $0[key] }
        return object
    }

    func setObject(_ object: (any Sendable)?, forKey key: String) {
        objects.withLock { $0[key] = object }
    }
}

/// Objects in a `UserDefaults` database, for the running app.
final class UserDefaultsBackend: KeyValueBackend, @unchecked Sendable {
    // Safe: both properties are constants, and `UserDefaults` is documented as thread-safe ("The UserDefaults class
    // is thread-safe"); it is not marked `Sendable` on every platform only because it is an open class.
    private let defaults: UserDefaults
    private let token: any NSObjectProtocol

    init(_ defaults: UserDefaults, observers: KeyValueObservers) {
        self.defaults = defaults
        // NB: the notification does not say which key changed, so every observer is told; each compares for itself.
        token = NotificationCenter.default.addObserver(
            forName: UserDefaults.didChangeNotification,
            object: defaults,
            queue: nil
        ) { [weak observers] _ in
            observers?.notify(nil)
        }
    }

    deinit {
        NotificationCenter.default.removeObserver(token)
    }

    func object(forKey key: String) -> Any? {
        defaults.object(forKey: key)
    }

    func setObject(_ object: (any Sendable)?, forKey key: String) {
        if let object {
            defaults.set(object, forKey: key)
        } else {
            defaults.removeObject(forKey: key)
        }
    }
}

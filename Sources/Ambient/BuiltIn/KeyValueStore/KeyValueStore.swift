public import Foundation

/// A store of small values by key — settings, flags, the last choice a user made — shared by the whole app.
///
/// It is the store behind `@AppStorage`-like code. Read it through ``DependencyValues/keyValueStore`` instead of
/// touching `UserDefaults.standard`, so that tests and previews get a store of their own:
///
/// ```swift
/// struct Onboarding {
///     @Dependency(\.keyValueStore) private var store
///
///     var isDone: Bool { store.value(forKey: "onboardingDone") ?? false }
///     func finish() { store.set(true, forKey: "onboardingDone") }
/// }
/// ```
///
/// The store keeps any ``KeyValueStoreValue``: `Bool`, `Int`, `Double`, `Float`, `String`, `Data`, `Date`,
/// enumerations whose raw value is one of these, and optionals of them. To keep a value in an observable model, use
/// ``KeyValueStored``.
///
/// A store is a handle: copies share the same values and observers. It is safe to use from any thread.
public struct KeyValueStore: Sendable {
    private let storage: KeyValueStorage

    private init(storage: KeyValueStorage) {
        self.storage = storage
    }

    /// A store backed by `userDefaults`.
    ///
    /// Writes through this store notify its observers at once. Writes made to `userDefaults` directly, by code that
    /// does not use the store, notify them when `UserDefaults` posts its `didChangeNotification`.
    ///
    /// ```swift
    /// let shared = KeyValueStore(userDefaults: UserDefaults(suiteName: "group.com.example.app")!)
    /// ```
    ///
    /// - Parameter userDefaults: The defaults database to read and write.
    public init(userDefaults: UserDefaults) {
        self.init(storage: KeyValueStorage(defaults: userDefaults))
    }

    /// The store backed by `UserDefaults.standard`: the live value of ``DependencyValues/keyValueStore``.
    public static let standard = KeyValueStore(userDefaults: .standard)

    /// A new store that keeps its values in memory, starting with `values`.
    ///
    /// Each call makes a separate store. Previews and tests get an empty one per root.
    ///
    /// ```swift
    /// withDependencies { $0.keyValueStore = .inMemory(["sleepGoal": 7.5]) } operation: { ... }
    /// ```
    ///
    /// - Parameter values: The values the store starts with, by key.
    /// - Returns: A store in memory.
    public static func inMemory(_ values: [String: any KeyValueStoreValue] = [:]) -> KeyValueStore {
        KeyValueStore(storage: KeyValueStorage(defaults: nil, objects: values.compactMapValues(\.keyValueStoreObject)))
    }

    /// The value stored for `key`, or `nil` when nothing is stored or what is stored is not a `Value`.
    ///
    /// ```swift
    /// let goal = store.value(forKey: "sleepGoal", as: Double.self) ?? 8
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key the value is stored under.
    ///   - type: The type to read the value as.
    /// - Returns: The stored value, or `nil`.
    public func value<Value: KeyValueStoreValue>(forKey key: String, as type: Value.Type = Value.self) -> Value? {
        storage.object(forKey: key).flatMap(Value.init(keyValueStoreObject:))
    }

    /// Stores `value` under `key`, then notifies the key's observers.
    ///
    /// Storing an optional's `nil` removes the key.
    ///
    /// ```swift
    /// store.set(7.5, forKey: "sleepGoal")
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value to store.
    ///   - key: The key to store it under.
    public func set<Value: KeyValueStoreValue>(_ value: Value, forKey key: String) {
        storage.setObject(value.keyValueStoreObject, forKey: key)
    }

    /// Removes the value stored under `key`, then notifies the key's observers.
    ///
    /// ```swift
    /// store.removeValue(forKey: "sleepGoal")  // back to the default
    /// ```
    ///
    /// - Parameter key: The key whose value to remove.
    public func removeValue(forKey key: String) {
        storage.setObject(nil, forKey: key)
    }

    /// Calls `onChange` whenever the value stored under `key` may have changed, until the subscription ends.
    ///
    /// `onChange` runs on the thread that made the change, after it is made; read the store there for the new
    /// value. It may also run when the value did not change (a write of the same value, or a change to a
    /// `UserDefaults` that does not say which key changed). Keep the returned subscription for as long as you want
    /// to be called: the calls stop when it is cancelled or released.
    ///
    /// ```swift
    /// let subscription = store.observe("sleepGoal") { print("sleep goal changed") }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key to watch.
    ///   - onChange: Called after each change; from any thread.
    /// - Returns: The subscription; release it or call ``KeyValueStoreSubscription/cancel()`` to stop.
    public func observe(
        _ key: String,
        onChange: @escaping @Sendable () -> Void
    ) -> KeyValueStoreSubscription {
        storage.observe(key, onChange)
    }
}

extension DependencyValues {
    /// The store of settings and other small values kept by key, as code should use it instead of
    /// `UserDefaults.standard`.
    ///
    /// - Live: ``KeyValueStore/standard``, backed by `UserDefaults.standard`.
    /// - Previews and tests: an empty store in memory, one per root, so nothing a test writes is seen by another
    ///   test or left on disk.
    ///
    /// ```swift
    /// @Dependency(\.keyValueStore) private var store
    /// store.set(true, forKey: "onboardingDone")
    ///
    /// // In a test, start from saved settings:
    /// withDependencies { $0.keyValueStore = .inMemory(["sleepGoal": 6.0]) } operation: { ... }
    /// ```
    ///
    /// In an observable model, declare each setting with ``KeyValueStored``.
    public var keyValueStore: KeyValueStore {
        get { self[KeyValueStoreKey.self] }
        set { self[KeyValueStoreKey.self] = newValue }
    }
}

private enum KeyValueStoreKey: DependencyKey {
    static var defaultValue: KeyValueStore { .standard }
    static var testingValue: KeyValueStore { .inMemory() }
}

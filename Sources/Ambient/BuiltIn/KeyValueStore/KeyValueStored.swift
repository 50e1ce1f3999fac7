// Availability: `Observable` and `ObservationRegistrar` are iOS 17 / macOS 14 / tvOS 17 / watchOS 10 / visionOS 1
// (Apple's documentation), above the package's floor, so the property wrapper carries `@available`.
import Observation

/// A property backed by the ``KeyValueStore``, with a default, that Observation tracks: a setting in a model.
///
/// Use it for the settings an observable model exposes to its views, the way `@AppStorage` works in a view. The
/// property reads the store of the scope in which its owner was created (like ``Dependency``), returns its default
/// while the store holds nothing for the key, and writes through to the store. Views and
/// `withObservationTracking` see every change: the ones the model makes, and the ones made behind its back — by
/// another model, or by any code that writes the key in the same store.
///
/// The `@Observable` macro does not accept property wrappers on the properties it tracks, so mark the property
/// `@ObservationIgnored`. It is still observed: the wrapper tracks its own value.
///
/// ```swift
/// @MainActor @Observable final class SettingsStore {
///     @ObservationIgnored @KeyValueStored("sleepGoal") var sleepGoal = 8.0
///     @ObservationIgnored @KeyValueStored("isNotificationsEnabled") var isNotificationsEnabled = true
/// }
///
/// let settings = SettingsStore()
/// settings.sleepGoal          // 8.0 until something is stored
/// settings.sleepGoal = 7.5    // stored under "sleepGoal"
/// settings.$sleepGoal.reset() // removed: back to 8.0
/// ```
///
/// A model built with ``DependencyInjectable/init(dependencies:)`` can take the store from the values it is given:
///
/// ```swift
/// @MainActor @Observable final class SettingsStore: ObservableDependency {
///     @ObservationIgnored @KeyValueStored var sleepGoal: Double
///
///     init(dependencies: DependencyValues) {
///         _sleepGoal = KeyValueStored(wrappedValue: 8.0, "sleepGoal", store: dependencies.keyValueStore)
///     }
/// }
/// ```
///
/// In a test, the store is an empty one in memory per test, so each test starts from the defaults. Start from
/// saved settings with `withDependencies { $0.keyValueStore = .inMemory(["sleepGoal": 6.0]) } operation: { ... }`.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@propertyWrapper
public struct KeyValueStored<Value: KeyValueStoreValue>: Sendable {
    private let storage: KeyValueStoredStorage<Value>

    /// A property stored under `key` in the store of the current scope, with `wrappedValue` as its default.
    ///
    /// Write it as a property wrapper with an initial value, which is the default:
    ///
    /// ```swift
    /// @ObservationIgnored @KeyValueStored("sleepGoal") var sleepGoal = 8.0
    /// ```
    ///
    /// - Parameters:
    ///   - wrappedValue: The value the property has while the store holds nothing (of this type) for `key`.
    ///   - key: The key in the store.
    ///   - store: The store; `nil` (the default) takes ``DependencyValues/keyValueStore`` of the current scope.
    public init(wrappedValue: Value, _ key: String, store: KeyValueStore? = nil) {
        let store = store ?? DependencyValues.current.keyValueStore
        storage = KeyValueStoredStorage(key: key, defaultValue: wrappedValue, store: store)
    }

    /// The stored value, or the default while the store holds none; setting it writes to the store.
    public var wrappedValue: Value {
        get { storage.value }
        nonmutating set { storage.value = newValue }
    }

    /// The property itself, for its ``key``, ``defaultValue`` and ``reset()``: `settings.$sleepGoal.reset()`.
    public var projectedValue: KeyValueStored<Value> { self }

    /// The key the value is stored under.
    public var key: String { storage.key }

    /// The value the property has while the store holds nothing for ``key``.
    public var defaultValue: Value { storage.defaultValue }

    /// Removes the stored value, so that the property has its ``defaultValue`` again.
    ///
    /// ```swift
    /// settings.$sleepGoal.reset()
    /// ```
    public func reset() {
        storage.store.removeValue(forKey: storage.key)
    }
}

/// The observable state shared by copies of one ``KeyValueStored`` property.
///
/// It keeps the last value read from the store and refreshes it whenever the store says the key may have changed;
/// Observation hears of a refresh only when the value really changed.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
private final class KeyValueStoredStorage<Value: KeyValueStoreValue>: Observable, Sendable {
    let key: String
    let defaultValue: Value
    let store: KeyValueStore
    private let current: ConditionLock<Value>
    private let registrar = ObservationRegistrar()
    private let subscription = ConditionLock<KeyValueStoreSubscription?>(nil)

    init(key: String, defaultValue: Value, store: KeyValueStore) {
        self.key = key
        self.defaultValue = defaultValue
        self.store = store
        current = ConditionLock(store.value(forKey: key) ?? defaultValue)
        subscription.withLock { $0 = store.observe(key) { [weak self] in self?.refresh() } }
    }

    var value: Value {
        get {
            registrar.access(self, keyPath: \.value)
            return current.withLock { $0 }
        }
        set {
            // The store tells every observer of the key, this one included, which then refreshes.
            store.set(newValue, forKey: key)
        }
    }

    /// Reads the store again, and tells Observation if the value changed.
    private func refresh() {
        let changed = current.withLock { current in
            let stored = store.value(forKey: key) ?? defaultValue
            guard stored != current else { return false }
            current = stored
            return true
        }
        // NB: the value is swapped under the lock, so that concurrent refreshes cannot leave a stale one; observers
        // are told after it, outside the lock, because they may read the value again.
        if changed {
            registrar.withMutation(of: self, keyPath: \.value) {}
        }
    }
}

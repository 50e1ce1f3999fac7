public import Ambient
public import Observation

/// The user's settings and the rules for them: a store object backed by the `keyValueStore` dependency. Each setting
/// is a ``KeyValueStored`` property: saved as soon as it is set, and showing at once a change made behind its back.
///
/// ```swift
/// let settings = SettingsStore(dependencies: .current)
/// settings.sleepGoal = 7.5
/// settings.isNotificationsEnabled = false
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor @Observable
public final class SettingsStore: ObservableDependency {
    /// The sleep goals the app accepts, in hours.
    nonisolated public static let sleepGoalRange: ClosedRange<Double> = 4...14

    /// The keys the settings are stored under.
    public enum Keys {
        /// The key of ``SettingsStore/sleepGoal``.
        public static let sleepGoal = "sleepGoal"
        /// The key of ``SettingsStore/isNotificationsEnabled``.
        public static let isNotificationsEnabled = "isNotificationsEnabled"
    }

    /// How many hours of sleep the user aims for; `8` until the user chooses.
    @ObservationIgnored @KeyValueStored public var sleepGoal: Double

    /// Whether the app may send notifications; on until the user turns them off.
    @ObservationIgnored @KeyValueStored public var isNotificationsEnabled: Bool

    /// Builds the store on the `keyValueStore` of `dependencies`.
    public init(dependencies: DependencyValues) {
        let store = dependencies.keyValueStore
        _sleepGoal = KeyValueStored(wrappedValue: 8, Keys.sleepGoal, store: store)
        _isNotificationsEnabled = KeyValueStored(wrappedValue: true, Keys.isNotificationsEnabled, store: store)
    }

    /// Puts every setting back to its default.
    public func reset() {
        $sleepGoal.reset()
        $isNotificationsEnabled.reset()
    }
}

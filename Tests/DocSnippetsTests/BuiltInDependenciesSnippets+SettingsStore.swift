import Ambient
import Observation

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor @Observable final class SettingsStore {
    @ObservationIgnored @KeyValueStored("sleepGoal") var sleepGoal = 8.0
    @ObservationIgnored @KeyValueStored("isNotificationsEnabled") var isNotificationsEnabled = true
}

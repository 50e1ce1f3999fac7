import Ambient
import Observation

@MainActor @Observable final class SettingsStore {
    @ObservationIgnored @KeyValueStored("sleepGoal") var sleepGoal = 8.0
    @ObservationIgnored @KeyValueStored("isNotificationsEnabled") var isNotificationsEnabled = true
}

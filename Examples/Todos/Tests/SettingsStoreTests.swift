import Ambient
import Testing
import TodosCore

@MainActor @Suite struct SettingsStoreTests {
    @Test func defaultsAreEightHoursAndNotificationsOn() {
        withFreshRoot {
            let settings = SettingsStore(dependencies: .current)
            #expect(settings.sleepGoal == 8)
            #expect(settings.isNotificationsEnabled)
        }
    }

    @Test func changesPersistThroughTheKeyValueStore() {
        withFreshRoot {
            let settings = SettingsStore(dependencies: .current)
            settings.sleepGoal = 7.5
            settings.isNotificationsEnabled = false
            let store = DependencyValues.current.keyValueStore
            #expect(store.value(forKey: "sleepGoal", as: Double.self) == 7.5)
            #expect(store.value(forKey: "isNotificationsEnabled", as: Bool.self) == false)
            let reopened = SettingsStore(dependencies: .current)
            #expect(reopened.sleepGoal == 7.5)
            #expect(!reopened.isNotificationsEnabled)
        }
    }

    @Test func changesMadeBehindTheStoresBackAreReflected() {
        withFreshRoot {
            let settings = SettingsStore(dependencies: .current)
            let other = SettingsStore(dependencies: .current)
            DependencyValues.current.keyValueStore.set(6.0, forKey: "sleepGoal")
            other.isNotificationsEnabled = false
            #expect(settings.sleepGoal == 6)
            #expect(!settings.isNotificationsEnabled)
        }
    }

    @Test func storeStartsFromSavedSettingsAndResetBringsBackTheDefaults() {
        withFreshRoot {
            $0.keyValueStore = .inMemory(["sleepGoal": 9.5, "isNotificationsEnabled": false])
        } operation: {
            let settings = SettingsStore(dependencies: .current)
            #expect(settings.sleepGoal == 9.5)
            #expect(!settings.isNotificationsEnabled)
            settings.reset()
            #expect(settings.sleepGoal == 8)
            #expect(settings.isNotificationsEnabled)
        }
    }

    @Test func eachTestStartsFromTheDefaults() {
        withFreshRoot {
            SettingsStore(dependencies: .current).sleepGoal = 5
        }
        withFreshRoot {
            #expect(SettingsStore(dependencies: .current).sleepGoal == 8)
        }
    }

    @Test func defaultSleepGoalIsInTheAcceptedRange() {
        #expect(SettingsStore.sleepGoalRange.contains(8))
    }
}

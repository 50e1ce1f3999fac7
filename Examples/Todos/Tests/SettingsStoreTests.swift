import AmbientTesting
import Testing
import TodosCore

@MainActor @Suite(.dependencies) struct SettingsStoreTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func defaultsAreEightHoursAndNotificationsOn() {
        let settings = SettingsStore(dependencies: .current)
        #expect(settings.sleepGoal == 8)
        #expect(settings.isNotificationsEnabled)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func changesPersistThroughTheKeyValueStore() {
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

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func changesMadeBehindTheStoresBackAreReflected() {
        let settings = SettingsStore(dependencies: .current)
        let other = SettingsStore(dependencies: .current)
        DependencyValues.current.keyValueStore.set(6.0, forKey: "sleepGoal")
        other.isNotificationsEnabled = false
        #expect(settings.sleepGoal == 6)
        #expect(!settings.isNotificationsEnabled)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func storeStartsFromSavedSettingsAndResetBringsBackTheDefaults() {
        withDependencies {
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

    /// The trait gives each test case a root of its own: the goal one case sets is never seen by the next.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(arguments: [5.0, 6.0])
    func eachTestCaseStartsFromTheDefaults(goal: Double) {
        let settings = SettingsStore(dependencies: .current)
        #expect(settings.sleepGoal == 8)
        settings.sleepGoal = goal
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func defaultSleepGoalIsInTheAcceptedRange() {
        #expect(SettingsStore.sleepGoalRange.contains(8))
    }
}

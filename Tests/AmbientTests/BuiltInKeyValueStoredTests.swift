import Foundation
import Observation
import Testing

@testable import Ambient

/// The model the helper is made for: an observable, main-actor settings store.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor @Observable private final class SettingsStore {
    @ObservationIgnored @KeyValueStored("sleepGoal") var sleepGoal = 8.0
    @ObservationIgnored @KeyValueStored("isNotificationsEnabled") var isNotificationsEnabled = true
    @ObservationIgnored @KeyValueStored("lastBackup") var lastBackup: Date? = nil
    var unrelated = 0
}

/// A model that takes the store from the values it is built with.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor @Observable private final class InjectedSettings: ObservableDependency {
    @ObservationIgnored @KeyValueStored var sleepGoal: Double

    init(dependencies: DependencyValues) {
        _sleepGoal = KeyValueStored(wrappedValue: 8.0, "sleepGoal", store: dependencies.keyValueStore)
    }
}

/// Records whether `withObservationTracking` reported a change.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
private final class ChangeFlag: Sendable {
    private let fired = Counter()
    var count: Int { fired.value }
    func set() { _ = fired.increment() }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
private func tracking<R>(_ read: () -> R) -> ChangeFlag {
    let flag = ChangeFlag()
    withObservationTracking {
        _ = read()
    } onChange: {
        flag.set()
    }
    return flag
}

@MainActor @Suite struct BuiltInKeyValueStoredTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func unsetPropertyHasItsDefault() {
        withFreshRoot {
            let settings = SettingsStore()
            #expect(settings.sleepGoal == 8)
            #expect(settings.isNotificationsEnabled)
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func settingPersistsThroughTheStore() {
        withFreshRoot {
            let settings = SettingsStore()
            settings.sleepGoal = 7.5
            settings.isNotificationsEnabled = false
            let store = DependencyValues.current.keyValueStore
            #expect(store.value(forKey: "sleepGoal", as: Double.self) == 7.5)
            #expect(store.value(forKey: "isNotificationsEnabled", as: Bool.self) == false)
            let reopened = SettingsStore()
            #expect(reopened.sleepGoal == 7.5 && !reopened.isNotificationsEnabled)
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func propertyStartsFromWhatTheStoreHolds() {
        withFreshRoot {
            let settings = withDependencies {
                $0.keyValueStore = .inMemory(["sleepGoal": 6.0])
            } operation: {
                SettingsStore()
            }
            #expect(settings.sleepGoal == 6)
            #expect(DependencyValues.current.keyValueStore.value(forKey: "sleepGoal", as: Double.self) == nil)
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func explicitStoreIsUsedInsteadOfTheScopes() {
        let store = KeyValueStore.inMemory(["volume": 3])
        let volume = KeyValueStored(wrappedValue: 5, "volume", store: store)
        #expect(volume.wrappedValue == 3)
        #expect(volume.key == "volume" && volume.defaultValue == 5)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func modelBuiltFromDependencyValuesUsesTheirStore() {
        withFreshRoot {
            var values = DependencyValues.current
            values.keyValueStore = .inMemory(["sleepGoal": 9.5])
            let settings = InjectedSettings(dependencies: values)
            #expect(settings.sleepGoal == 9.5)
            let change = tracking { settings.sleepGoal }
            values.keyValueStore.set(10.0, forKey: "sleepGoal")
            #expect(change.count == 1 && settings.sleepGoal == 10)
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func observationFiresOnSet() {
        withFreshRoot {
            let settings = SettingsStore()
            let change = tracking { settings.sleepGoal }
            settings.sleepGoal = 9
            #expect(change.count == 1)
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func observationFiresOnAnExternalChange() {
        withFreshRoot {
            let settings = SettingsStore()
            let change = tracking { settings.sleepGoal }
            DependencyValues.current.keyValueStore.set(6.5, forKey: "sleepGoal")
            #expect(change.count == 1)
            #expect(settings.sleepGoal == 6.5)
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func anotherModelsChangeReachesThisOne() {
        withFreshRoot {
            let settings = SettingsStore()
            let other = SettingsStore()
            let change = tracking { settings.isNotificationsEnabled }
            other.isNotificationsEnabled = false
            #expect(change.count == 1)
            #expect(!settings.isNotificationsEnabled)
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func externalChangeFromADifferentThreadIsSeen() async {
        await withFreshRoot {
            let settings = SettingsStore()
            let change = tracking { settings.sleepGoal }
            let store = DependencyValues.current.keyValueStore
            await Task.detached { store.set(5.0, forKey: "sleepGoal") }.value
            #expect(change.count == 1)
            #expect(settings.sleepGoal == 5)
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func writingTheSameValueOrAnotherKeyDoesNotFire() {
        withFreshRoot {
            let settings = SettingsStore()
            let change = tracking { settings.sleepGoal }
            settings.sleepGoal = 8
            DependencyValues.current.keyValueStore.set(1.0, forKey: "somethingElse")
            settings.unrelated += 1
            #expect(change.count == 0)
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func resetRemovesTheValueAndRestoresTheDefault() {
        withFreshRoot {
            let settings = SettingsStore()
            settings.sleepGoal = 10
            let change = tracking { settings.sleepGoal }
            settings.$sleepGoal.reset()
            #expect(change.count == 1)
            #expect(settings.sleepGoal == 8)
            #expect(DependencyValues.current.keyValueStore.value(forKey: "sleepGoal", as: Double.self) == nil)
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func optionalPropertyStoresSomeAndRemovesTheKeyForNil() {
        withFreshRoot {
            let settings = SettingsStore()
            let store = DependencyValues.current.keyValueStore
            #expect(settings.lastBackup == nil)
            settings.lastBackup = Date(timeIntervalSince1970: 60)
            #expect(store.value(forKey: "lastBackup", as: Date.self) == Date(timeIntervalSince1970: 60))
            let change = tracking { settings.lastBackup }
            settings.lastBackup = nil
            #expect(change.count == 1)
            #expect(store.value(forKey: "lastBackup", as: Date.self) == nil)
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func valueOfAnotherTypeInTheStoreReadsAsTheDefault() {
        withFreshRoot {
            let settings = withDependencies {
                $0.keyValueStore = .inMemory(["sleepGoal": "eight"])
            } operation: {
                SettingsStore()
            }
            #expect(settings.sleepGoal == 8)
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func releasedModelStopsObservingTheStore() {
        withFreshRoot {
            weak var released: SettingsStore?
            do {
                let settings = SettingsStore()
                released = settings
                _ = settings.sleepGoal
            }
            DependencyValues.current.keyValueStore.set(1.0, forKey: "sleepGoal")
            #expect(released == nil)
        }
    }
}

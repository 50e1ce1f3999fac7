import Foundation
import Testing

@testable import Ambient

@Suite struct BuiltInKeyValueStoreTests {
    /// A `UserDefaults` suite of its own for one test, removed afterwards.
    private static func withScratchDefaults(_ body: (UserDefaults) throws -> Void) throws {
        let name = "ambient.tests.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: name))
        defer { defaults.removePersistentDomain(forName: name) }
        try body(defaults)
    }

    @Test func liveValueIsBackedByStandardUserDefaults() {
        withFreshRoot(.default) {
            let key = "ambient.tests.live.\(UUID().uuidString)"
            defer { UserDefaults.standard.removeObject(forKey: key) }
            DependencyValues.current.keyValueStore.set("written", forKey: key)
            #expect(UserDefaults.standard.string(forKey: key) == "written")
            UserDefaults.standard.set("external", forKey: key)
            #expect(DependencyValues.current.keyValueStore.value(forKey: key, as: String.self) == "external")
        }
    }

    /// Run in parallel: each root has its own empty store, so no test sees what another wrote.
    @Test(arguments: [DependencyContext.testing, .preview], 0..<4)
    func testingAndPreviewValuesAreEmptyAndPerRoot(_ context: DependencyContext, _ run: Int) {
        withFreshRoot(context) {
            let store = DependencyValues.current.keyValueStore
            #expect(store.value(forKey: "shared", as: Int.self) == nil)
            store.set(run, forKey: "shared")
            #expect(DependencyValues.current.keyValueStore.value(forKey: "shared", as: Int.self) == run)
        }
    }

    @Test func overrideWinsInsideTheScopeOnly() {
        withFreshRoot {
            let inside = withDependencies {
                $0.keyValueStore = .inMemory(["sleepGoal": 6.0])
            } operation: {
                DependencyValues.current.keyValueStore.value(forKey: "sleepGoal", as: Double.self)
            }
            #expect(inside == 6)
            #expect(DependencyValues.current.keyValueStore.value(forKey: "sleepGoal", as: Double.self) == nil)
        }
    }

    enum Theme: String, KeyValueStoreValue {
        case light, dark
    }

    static let values: [any KeyValueStoreValue] = [
        true, 42, 7.5, Float(2.5), "text", Data([1, 2, 3]), Date(timeIntervalSince1970: 1_000), Theme.dark,
    ]

    @Test(arguments: values)
    func inMemoryStoreRoundTripsEachType(_ value: any KeyValueStoreValue) {
        let roundTripped = roundTrips(value, in: .inMemory())
        #expect(roundTripped)
    }

    @Test(arguments: values)
    func userDefaultsStoreRoundTripsEachType(_ value: any KeyValueStoreValue) throws {
        try Self.withScratchDefaults { defaults in
            let roundTripped = roundTrips(value, in: KeyValueStore(userDefaults: defaults))
            #expect(roundTripped)
        }
    }

    private func roundTrips<Value: KeyValueStoreValue>(_ value: Value, in store: KeyValueStore) -> Bool {
        store.set(value, forKey: "key")
        return store.value(forKey: "key", as: Value.self) == value
    }

    @Test func valueOfAnotherTypeReadsAsNil() {
        let store = KeyValueStore.inMemory(["name": "Ada"])
        #expect(store.value(forKey: "name", as: Double.self) == nil)
        #expect(store.value(forKey: "name", as: Theme.self) == nil)
        #expect(store.value(forKey: "missing", as: String.self) == nil)
    }

    @Test func removeValueForgetsTheKey() {
        let store = KeyValueStore.inMemory(["name": "Ada"])
        store.removeValue(forKey: "name")
        #expect(store.value(forKey: "name", as: String.self) == nil)
    }

    @Test(arguments: [false, true])
    func storingAnOptionalsNilRemovesTheKey(_ inUserDefaults: Bool) throws {
        func check(_ store: KeyValueStore) {
            store.set(Optional("Ada"), forKey: "name")
            #expect(store.value(forKey: "name", as: String.self) == "Ada")
            store.set(String?.none, forKey: "name")
            #expect(store.value(forKey: "name", as: String.self) == nil)
        }
        if inUserDefaults {
            try Self.withScratchDefaults { check(KeyValueStore(userDefaults: $0)) }
        } else {
            check(.inMemory())
        }
    }

    @Test func inMemoryStoreSkipsNilInitialValues() {
        let store = KeyValueStore.inMemory(["name": String?.none, "age": 36])
        #expect(store.value(forKey: "name", as: String.self) == nil)
        #expect(store.value(forKey: "age", as: Int.self) == 36)
    }

    @Test func copiesShareTheirValues() {
        let store = KeyValueStore.inMemory()
        let copy = store
        copy.set(1, forKey: "count")
        #expect(store.value(forKey: "count", as: Int.self) == 1)
    }

    @Test func observerIsCalledForItsKeyUntilCancelled() {
        let store = KeyValueStore.inMemory()
        let calls = Counter()
        let subscription = store.observe("watched") { _ = calls.increment() }
        store.set(1, forKey: "watched")
        store.set(2, forKey: "other")
        store.removeValue(forKey: "watched")
        #expect(calls.value == 2)
        subscription.cancel()
        store.set(3, forKey: "watched")
        #expect(calls.value == 2)
    }

    @Test func releasingTheSubscriptionStopsTheCalls() {
        let store = KeyValueStore.inMemory()
        let calls = Counter()
        var subscription: KeyValueStoreSubscription? = store.observe("watched") { _ = calls.increment() }
        store.set(1, forKey: "watched")
        subscription = nil
        store.set(2, forKey: "watched")
        #expect(subscription == nil && calls.value == 1)
    }

    @Test func observerMayWriteTheStoreItIsCalledFrom() {
        let store = KeyValueStore.inMemory()
        let subscription = store.observe("source") {
            store.set((store.value(forKey: "source", as: Int.self) ?? 0) * 2, forKey: "double")
        }
        store.set(21, forKey: "source")
        #expect(store.value(forKey: "double", as: Int.self) == 42)
        subscription.cancel()
    }

    @Test func userDefaultsNotificationReachesEveryObserver() throws {
        try Self.withScratchDefaults { defaults in
            let store = KeyValueStore(userDefaults: defaults)
            let calls = Counter()
            let subscription = store.observe("watched") { _ = calls.increment() }
            NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: defaults)
            #expect(calls.value == 1)
            subscription.cancel()
        }
    }

    /// The database's notification center must not keep a store alive: once its last copy is gone, a change to the
    /// database calls none of the observers it had.
    @Test func releasedUserDefaultsStoreNoLongerCallsItsObservers() throws {
        try Self.withScratchDefaults { defaults in
            let calls = Counter()
            var store: KeyValueStore? = KeyValueStore(userDefaults: defaults)
            let subscription = store?.observe("watched") { _ = calls.increment() }
            store = nil
            NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: defaults)
            #expect(store == nil && calls.value == 0)
            subscription?.cancel()
        }
    }

    /// The storage's notification registration is the store's own: an observer that lets go of the last copy of a
    /// `UserDefaults` store while the database's notification calls it ends the store there (its registration is
    /// removed inside the notification), and later changes to the database call nothing.
    @Test func userDefaultsStoreReleasedByItsOwnObserverDuringANotificationCallsNothingAfterwards() throws {
        let name = "ambient.tests.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: name))
        defer { defaults.removePersistentDomain(forName: name) }
        final class Holder: @unchecked Sendable {
            // Safe: written and read on the test's thread only (the notification is posted synchronously there).
            var store: KeyValueStore?
            var subscription: KeyValueStoreSubscription?
        }
        let holder = Holder()
        let calls = Counter()
        holder.store = KeyValueStore(userDefaults: defaults)
        holder.subscription = holder.store?.observe("watched") { [holder] in
            _ = calls.increment()
            holder.store = nil
        }
        NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: defaults)
        #expect(holder.store == nil && calls.value == 1)
        NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: defaults)
        defaults.set(1, forKey: "watched")
        #expect(calls.value == 1)
        holder.subscription?.cancel()
    }
}

import Ambient
import Testing

@Test func aStoreKeepsItsStateInTheRoot() {
    let item = "Milk"
    DependencyValues.current.cart.add(item)
    // ... anywhere else in the same root:
    let items = DependencyValues.current.cart.items  // contains item
    #expect(items == [item])
}

private struct AnalyticsKey: DependencyKey {
    static var defaultValue: Analytics { Analytics(api: DependencyValues.current.api) }
    static var testingValue: Analytics { defaultValue }  // built from the test's API client
}

nonisolated extension DependencyValues {
    var analytics: Analytics {
        get { self[AnalyticsKey.self] }
        set { self[AnalyticsKey.self] = newValue }
    }
}

@Test func anOverrideRebuildsWhatWasBuiltFromIt() {
    let scoped = withDependencies {
        $0.api = StubAPI()
    } operation: {
        DependencyValues.current.analytics.api  // StubAPI: built again, once, for this scope
    }
    let root = DependencyValues.current.analytics.api  // the root's API client
    #expect(scoped.source == "StubAPI")
    #expect(root.source == "TestAPI")
}

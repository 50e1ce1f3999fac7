import Testing

@testable import Ambient

/// A `@Dependency` property created from an interface key, where only its `TestDependencyKey` conformance is known:
/// the generic parameter hides any `DependencyKey` conformance, as a module that does not import the live one does.
private func property<Key: TestDependencyKey>(of key: Key.Type) -> Dependency<Key.Value> {
    Dependency(key)
}

/// An owner whose property names an interface key.
private final class Router: DependencyOwner {
    @Dependency(GeocoderClient.self) var geocoder
}

/// `@Dependency(Key.self)` for a `TestDependencyKey`, whose live conformance is found at run time.
@Suite struct TestDependencyKeyPropertyTests {
    @Test func withoutALiveValueTheAppGetsTheTestingValueAndAReport() {
        let log = collectingReports {
            withFreshRoot(.default) {
                #expect(property(of: GeocoderClient.self).wrappedValue.name == "testing")
                #expect(DependencyValues.current.geocoder.name == "testing")
            }
        }
        #expect(log.messages.count == 1, "one report, shared with the key's property: \(log.messages)")
        #expect(log.messages.first?.hasPrefix("Ambient: GeocoderClient has no live value") == true)
    }

    @Test func aLinkedLiveValueIsFoundAndSharedWithTheSubscript() {
        withFreshRoot(.default) {
            let live = property(of: RouterClient.self).wrappedValue
            #expect(live.name == "live")
            #expect(live === DependencyValues.current[RouterClient.self], "one value per root")
        }
    }

    @Test func anOverrideOfTheKeysPropertyReachesIt() {
        withFreshRoot(.default) {
            let stub = RouterClient(name: "stub")
            withDependencies {
                $0[RouterClient.self] = stub
                $0.geocoder = GeocoderClient(name: "stub")
            } operation: {
                #expect(property(of: RouterClient.self).wrappedValue === stub)
                #expect(property(of: GeocoderClient.self).wrappedValue.name == "stub")
                #expect(Router().geocoder.name == "stub")
            }
        }
    }

    @Test func testsAndPreviewsGetTheirValues() {
        withFreshRoot(.testing) { #expect(Router().geocoder.name == "testing") }
        withFreshRoot(.preview) { #expect(property(of: GeocoderClient.self).wrappedValue.name == "preview") }
    }
}

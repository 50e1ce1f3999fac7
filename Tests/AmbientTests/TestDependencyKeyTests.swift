import Testing

@testable import Ambient

/// A client whose interface declares only its testing and preview values, as an interface module does.
struct GeocoderClient: Sendable, Equatable {
    var name: String
}

extension GeocoderClient: TestDependencyKey {
    static var testingValue: GeocoderClient { GeocoderClient(name: "testing") }
    static var previewValue: GeocoderClient { GeocoderClient(name: "preview") }
}

/// A client whose interface declares only its testing value, and whose live value another file adds, as a live
/// module does.
final class RouterClient: Sendable {
    let name: String
    init(name: String) { self.name = name }
}

extension RouterClient: TestDependencyKey {
    static var testingValue: RouterClient { RouterClient(name: "testing") }
}

extension RouterClient: DependencyKey {
    static var defaultValue: RouterClient { RouterClient(name: "live") }
}

extension DependencyValues {
    var geocoder: GeocoderClient {
        get { self[GeocoderClient.self] }
        set { self[GeocoderClient.self] = newValue }
    }
}

/// Reads a key as the interface module sees it: through `TestDependencyKey` only.
private func readThroughInterface<Key: TestDependencyKey>(_ key: Key.Type) -> Key.Value {
    DependencyValues.current[key]
}

/// A key's interface in a module that does not link its live value (a feature module's interface, read by an app or
/// a test that links no live implementation).
@Suite struct TestDependencyKeyTests {
    @Test func withoutALiveValueTheAppGetsTheTestingValueAndAReport() {
        let log = collectingReports {
            withFreshRoot(.default) {
                #expect(DependencyValues.current.geocoder.name == "testing")
                #expect(DependencyValues.current.geocoder.name == "testing")
            }
        }
        #expect(log.kinds == [.misuse], "reported once, on the first read")
        #expect(
            log.messages == [
                """
                Ambient: GeocoderClient has no live value: it conforms to TestDependencyKey, and no module linked \
                into this app conforms it to DependencyKey. Link the module that declares `extension \
                GeocoderClient: DependencyKey` (its live implementation) into the app target; until then the app \
                gets GeocoderClient's testingValue.
                """
            ])
    }

    @Test(arguments: [(DependencyContext.preview, "preview"), (.testing, "testing")])
    func previewsAndTestsGetTheirValuesWithoutAReport(context: DependencyContext, expected: String) {
        let log = collectingReports {
            withFreshRoot(context) { #expect(DependencyValues.current.geocoder.name == expected) }
        }
        #expect(log.messages.isEmpty)
    }

    @Test func anOverrideWinsWithoutALiveValue() {
        withFreshRoot(.default) {
            withDependencies {
                $0.geocoder = GeocoderClient(name: "stub")
            } operation: {
                #expect(DependencyValues.current.geocoder.name == "stub")
            }
        }
    }

    @Test func aLinkedLiveValueIsFoundAndSharedWithTheKeysOwnReads() {
        let log = collectingReports {
            withFreshRoot(.default) {
                let throughInterface = readThroughInterface(RouterClient.self)
                #expect(throughInterface.name == "live")
                #expect(throughInterface === DependencyValues.current[RouterClient.self], "one value per root")
            }
        }
        #expect(log.messages.isEmpty)
    }

    @Test func anOverrideThroughTheInterfaceReachesTheLiveKeysReads() {
        withFreshRoot(.default) {
            let stub = RouterClient(name: "stub")
            withDependencies {
                $0[RouterClient.self] = stub
            } operation: {
                #expect(readThroughInterface(RouterClient.self) === stub)
            }
            var values = DependencyValues.current
            values[GeocoderClient.self] = GeocoderClient(name: "set")
            #expect(values.geocoder.name == "set")
        }
    }

    @Test func aLiveKeyTakesItsTestingValueFromTheInterface() {
        withFreshRoot(.testing) {
            #expect(readThroughInterface(RouterClient.self).name == "testing")
            #expect(DependencyValues.current[RouterClient.self].name == "testing")
        }
    }
}

import AmbientTesting
import GeocoderInterface
import GeocoderLive
import MapFeature
import Testing

/// A property declared with an interface key in a module that sees only the interface (`PlaceLookup`), with the live
/// module linked into the process.
@Suite struct PlaceLookupTests {
    @Test func theAppGetsTheLiveValueThatAnotherModuleGives() async throws {
        let lookup = withDependencies {
            $0.context = .default
        } operation: {
            PlaceLookup()
        }
        #expect(try await lookup.coordinate(of: "Oslo") == Coordinate(latitude: 59.91, longitude: 10.75))
    }

    @Test(.dependencies { $0.geocoder.locate = { _ in Coordinate(latitude: 3, longitude: 4) } })
    func anOverrideOfTheKeysPropertyReachesIt() async throws {
        #expect(try await PlaceLookup().coordinate(of: "Anywhere") == Coordinate(latitude: 3, longitude: 4))
    }
}

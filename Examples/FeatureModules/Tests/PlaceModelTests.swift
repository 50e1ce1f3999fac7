import AmbientTesting
import GeocoderInterface
import GeocoderLive
import MapFeature
import Testing

/// The three modules together, as an app that links the live module sees them.
@MainActor @Suite struct PlaceModelTests {
    @Test(.dependency(\.geocoder, GeocoderClient { _ in Coordinate(latitude: 1, longitude: 2) }))
    func aFeatureTestOverridesTheInterfacesKey() async throws {
        let model = PlaceModel()
        try await model.find("Anywhere")
        #expect(model.coordinate == Coordinate(latitude: 1, longitude: 2))
    }

    @Test func theAppGetsTheLiveValueFromTheLinkedModule() async throws {
        let model = withDependencies {
            $0.context = .default
        } operation: {
            PlaceModel()
        }
        try await model.find("Oslo")
        #expect(model.coordinate == Coordinate(latitude: 59.91, longitude: 10.75))
        do {
            try await model.find("Atlantis")
            Issue.record("the live geocoder found an address it does not know")
        } catch {
            #expect(error as? UnknownAddress == UnknownAddress(address: "Atlantis"))
        }
    }

    @Test func previewsGetTheInterfacesPreviewValue() async throws {
        let model = withDependencies {
            $0.context = .preview
        } operation: {
            PlaceModel()
        }
        try await model.find("Anywhere")
        #expect(model.coordinate == Coordinate(latitude: 59.91, longitude: 10.75))
    }

    /// The call is one known issue: Ambient's report. The endpoint's error is expected where it is thrown, so that it
    /// does not escape as a second issue of its own.
    @Test func aTestThatCallsTheUnimplementedEndpointFails() async {
        await withKnownIssue {
            await #expect(throws: UnimplementedEndpointError(endpoint: "GeocoderClient.locate")) {
                try await PlaceModel().find("Oslo")
            }
        }
    }
}

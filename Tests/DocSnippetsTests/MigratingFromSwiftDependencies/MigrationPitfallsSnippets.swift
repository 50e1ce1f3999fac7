import Ambient
import AmbientTesting
import Foundation
import Testing

// The snippets of the guide's pitfalls "A library's key whose live value the app supplies" and "A key that holds
// plain data", verbatim. The configuration's tests are the guide's own.

/// The reader's type that the geocoder snippet names.
struct Coordinate: Sendable {
    var latitude: Double
    var longitude: Double
}

// The ported library: tests and previews get these values, with or without the live module.
struct GeocoderClient: Sendable {
    var locate: @Sendable (_ address: String) async throws -> Coordinate
}

nonisolated extension GeocoderClient: TestDependencyKey {
    static var testingValue: GeocoderClient { GeocoderClient(locate: unimplemented("GeocoderClient.locate")) }
}

nonisolated extension DependencyValues {
    var geocoder: GeocoderClient {
        get { self[GeocoderClient.self] }
        set { self[GeocoderClient.self] = newValue }
    }
}

// Found at run time by every read of `\.geocoder`, whichever module makes it.
nonisolated extension GeocoderClient: DependencyKey {
    static var defaultValue: GeocoderClient {
        GeocoderClient { _ in Coordinate(latitude: 59.91, longitude: 10.75) }
    }
}

@Test func theLiveConformanceIsFoundByTheInterfacesProperty() async throws {
    let geocoder = withDependencies {
        $0.context = .default
    } operation: {
        DependencyValues.current.geocoder
    }
    #expect(try await geocoder.locate("Oslo").latitude == 59.91)
}

struct ServerConfiguration: Equatable, Sendable {
    var baseURL: URL
    var retries: Int
}

nonisolated extension ServerConfiguration: DependencyKey {
    static var defaultValue: ServerConfiguration {
        ServerConfiguration(baseURL: URL(string: "https://api.example.com")!, retries: 3)
    }
    // A fixed value that reaches no server, the same in every test.
    static var testingValue: ServerConfiguration {
        ServerConfiguration(baseURL: URL(string: "https://api.example.invalid")!, retries: 0)
    }
}

nonisolated extension DependencyValues {
    var serverConfiguration: ServerConfiguration {
        get { self[ServerConfiguration.self] }
        set { self[ServerConfiguration.self] = newValue }
    }
}

nonisolated let staging = ServerConfiguration(baseURL: URL(string: "https://staging.example.com")!, retries: 1)

@Test(.dependency(\.serverConfiguration, staging))
func aTestCanAskForStaging() {
    #expect(DependencyValues.current.serverConfiguration == staging)
}

@Test func everyOtherTestReadsTheFixedValue() {
    #expect(DependencyValues.current.serverConfiguration.retries == 0)
}

import Ambient
import AmbientTesting
import Foundation
import Testing

// The snippets of the guide's pitfalls "A live value declared by the app for a library's key is ignored" and "A key
// that holds plain data", verbatim. The configuration's tests are the guide's own.

/// The reader's type that the geocoder snippet names.
struct Coordinate: Sendable {
    var latitude: Double
    var longitude: Double
}

// The ported library: its default fails the call, so an app that forgot to set the live value hears of it.
struct GeocoderClient: Sendable {
    var locate: @Sendable (_ address: String) async throws -> Coordinate
}

extension GeocoderClient: DependencyKey {
    static var defaultValue: GeocoderClient { GeocoderClient(locate: unimplemented("GeocoderClient.locate")) }
    static var testingValue: GeocoderClient { defaultValue }
}

extension DependencyValues {
    var geocoder: GeocoderClient {
        get { self[GeocoderClient.self] }
        set { self[GeocoderClient.self] = newValue }
    }
}

// The app, once at launch (in its App's init or at the top of main.swift), instead of a `liveValue` of its own:
func prepareLiveDependencies() {
    prepareDependencies {
        $0.geocoder = GeocoderClient { _ in Coordinate(latitude: 59.91, longitude: 10.75) }
    }
}

struct ServerConfiguration: Equatable, Sendable {
    var baseURL: URL
    var retries: Int
}

extension ServerConfiguration: DependencyKey {
    static var defaultValue: ServerConfiguration {
        ServerConfiguration(baseURL: URL(string: "https://api.example.com")!, retries: 3)
    }
    // A fixed value that reaches no server, the same in every test.
    static var testingValue: ServerConfiguration {
        ServerConfiguration(baseURL: URL(string: "https://api.example.invalid")!, retries: 0)
    }
}

extension DependencyValues {
    var serverConfiguration: ServerConfiguration {
        get { self[ServerConfiguration.self] }
        set { self[ServerConfiguration.self] = newValue }
    }
}

let staging = ServerConfiguration(baseURL: URL(string: "https://staging.example.com")!, retries: 1)

@Test(.dependency(\.serverConfiguration, staging))
func aTestCanAskForStaging() {
    #expect(DependencyValues.current.serverConfiguration == staging)
}

@Test func everyOtherTestReadsTheFixedValue() {
    #expect(DependencyValues.current.serverConfiguration.retries == 0)
}

public import Ambient

/// A point on the globe, as ``GeocoderClient`` finds it.
///
/// ```swift
/// let oslo = Coordinate(latitude: 59.91, longitude: 10.75)
/// ```
public struct Coordinate: Equatable, Sendable {
    /// Degrees north of the equator.
    public var latitude: Double
    /// Degrees east of Greenwich.
    public var longitude: Double

    /// A coordinate at `latitude` and `longitude`.
    ///
    /// - Parameters:
    ///   - latitude: Degrees north of the equator.
    ///   - longitude: Degrees east of Greenwich.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// Finds where an address is: the interface that features import, with no live implementation linked.
///
/// Features read it with `@Dependency(\.geocoder)`; the live value comes from `GeocoderLive`, which only the app
/// links. Tests get an endpoint that fails when called, previews a fixed place.
///
/// ```swift
/// @Dependency(\.geocoder) private var geocoder
/// let coordinate = try await geocoder.locate("Karl Johans gate 1, Oslo")
/// ```
public struct GeocoderClient: Sendable {
    /// The coordinate of `address`.
    public var locate: @Sendable (_ address: String) async throws -> Coordinate

    /// A client that answers with `locate`.
    ///
    /// - Parameter locate: The coordinate of an address.
    public init(locate: @escaping @Sendable (_ address: String) async throws -> Coordinate) {
        self.locate = locate
    }
}

extension GeocoderClient: TestDependencyKey {
    /// Fails the test that calls it: each test says which place it expects.
    public static var testingValue: GeocoderClient {
        GeocoderClient(locate: unimplemented("GeocoderClient.locate"))
    }

    /// Every address is in the middle of Oslo.
    public static var previewValue: GeocoderClient {
        GeocoderClient { _ in Coordinate(latitude: 59.91, longitude: 10.75) }
    }
}

extension DependencyValues {
    /// The geocoder: live in the app that links `GeocoderLive`, the interface's values in tests and previews.
    ///
    /// ```swift
    /// withDependencies { $0.geocoder = GeocoderClient { _ in .init(latitude: 0, longitude: 0) } } operation: {
    ///     PlaceModel()
    /// }
    /// ```
    public var geocoder: GeocoderClient {
        get { self[GeocoderClient.self] }
        set { self[GeocoderClient.self] = newValue }
    }
}

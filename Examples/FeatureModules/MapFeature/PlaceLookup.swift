import Ambient
public import GeocoderInterface

/// Looks addresses up with the geocoder, declared through its key as a port from swift-dependencies often is:
/// `@Dependency(GeocoderClient.self)`, where this module sees only the interface's `TestDependencyKey`.
///
/// ```swift
/// let oslo = try await PlaceLookup().coordinate(of: "Oslo")
/// ```
public struct PlaceLookup: Sendable {
    @Dependency(GeocoderClient.self) private var geocoder

    /// A lookup with the geocoder of the scope it is created in: the live one where the app links `GeocoderLive`.
    public init() {}

    /// The coordinate of `address`.
    ///
    /// - Parameter address: The address to find.
    /// - Returns: Where the geocoder puts it.
    /// - Throws: What the geocoder throws.
    public func coordinate(of address: String) async throws -> Coordinate {
        try await geocoder.locate(address)
    }
}

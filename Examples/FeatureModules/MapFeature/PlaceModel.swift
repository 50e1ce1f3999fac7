import Ambient
public import GeocoderInterface

/// A map screen's model: finds an address with the geocoder, knowing only its interface.
///
/// It imports `GeocoderInterface` and not `GeocoderLive`, so the feature builds and tests without the live client.
///
/// ```swift
/// let model = PlaceModel()
/// try await model.find("Oslo")   // model.coordinate is where the geocoder put it
/// ```
@MainActor public final class PlaceModel {
    /// Where the last address found is.
    public private(set) var coordinate: Coordinate?
    @Dependency(\.geocoder) private var geocoder

    /// A model with the geocoder of the scope it is created in.
    public init() {}

    /// Finds `address` and keeps its coordinate.
    ///
    /// - Parameter address: The address to find.
    /// - Throws: What the geocoder throws.
    public func find(_ address: String) async throws {
        coordinate = try await geocoder.locate(address)
    }
}

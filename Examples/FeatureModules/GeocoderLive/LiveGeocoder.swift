public import Ambient
public import GeocoderInterface

// The live half of `GeocoderClient`'s key. Only the app links this module; a feature that imports the interface
// reads this value in the app without knowing this module exists.

extension GeocoderClient: DependencyKey {
    /// The live geocoder. It answers from a small table here; a real app calls its geocoding service.
    ///
    /// ```swift
    /// let oslo = try await GeocoderClient.defaultValue.locate("Oslo")
    /// ```
    public static var defaultValue: GeocoderClient {
        GeocoderClient { address in
            let places = ["Oslo": Coordinate(latitude: 59.91, longitude: 10.75)]
            guard let place = places[address] else { throw UnknownAddress(address: address) }
            return place
        }
    }
}

/// The live geocoder does not know the address.
///
/// ```swift
/// do { _ = try await geocoder.locate("Atlantis") } catch let error as UnknownAddress { print(error.address) }
/// ```
public struct UnknownAddress: Error, Equatable {
    /// The address that was asked for.
    public var address: String

    /// The error for `address`.
    ///
    /// - Parameter address: The address that was asked for.
    public init(address: String) {
        self.address = address
    }
}

// The reader's own types that "Migrating from swift-dependencies" names without declaring them.

struct Coordinate: Sendable {
    var latitude: Double
    var longitude: Double
}

import Ambient

// The app-target spellings that the Gotchas article lists, each used once, so that the build proves them.

/// A client that is its own key, conforming in an extension: the extension says `nonisolated`.
struct ClockClient: Sendable {
    var now: @Sendable () -> Int
}

nonisolated extension ClockClient: DependencyKey {
    static var defaultValue: ClockClient { ClockClient { 1_700_000_000 } }
    static var testingValue: ClockClient { ClockClient { 0 } }
}

/// A subclass of `DependencyOwner`, which a type isolated to the main actor cannot be.
nonisolated final class ReportOwner: DependencyOwner {
    @Dependency(\.api) var api
    @Dependency(ClockClient.self) var clock
}

/// A type that works off the main actor reads a `nonisolated` property.
nonisolated struct BackgroundSync: Sendable {
    @Dependency(\.api) var api
}

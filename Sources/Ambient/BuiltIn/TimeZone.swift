public import Foundation

extension DependencyValues {
    /// The time zone that dates are shown and computed in, as code should ask for it instead of
    /// `TimeZone.current`.
    ///
    /// - Live and previews: `TimeZone.autoupdatingCurrent`, which follows the system's setting.
    /// - Tests: UTC, so that a test computes the same days and hours wherever it runs. The testing
    ///   ``DependencyValues/calendar`` uses it.
    ///
    /// ```swift
    /// @Dependency(\.timeZone) private var timeZone
    ///
    /// // In a test, pretend to be in Paris (the testing calendar follows):
    /// withDependencies { $0.timeZone = TimeZone(identifier: "Europe/Paris")! } operation: { ... }
    /// ```
    public var timeZone: TimeZone {
        get { self[TimeZoneKey.self] }
        set { self[TimeZoneKey.self] = newValue }
    }
}

private enum TimeZoneKey: DependencyKey {
    static var defaultValue: TimeZone { .autoupdatingCurrent }
    static var previewValue: TimeZone { .autoupdatingCurrent }
    // NB: "UTC" is in every time zone database (some report it as "GMT"); the fallback only keeps the key total.
    static var testingValue: TimeZone { TimeZone(identifier: "UTC") ?? .gmt }
}

// Availability, looked up in Apple's documentation: `Clock`, `Duration`, `ContinuousClock` and `SuspendingClock`
// are iOS 16 / macOS 13 / tvOS 16 / watchOS 9 (the Swift 5.7 runtime), above the package's floor (iOS 14 /
// macOS 11), so these keys carry `@available`.

extension DependencyValues {
    /// The clock that keeps running while the system sleeps, as code should use it instead of
    /// `ContinuousClock()` or `Task.sleep`.
    ///
    /// - Live and previews: `ContinuousClock()`.
    /// - Tests: an ``ImmediateClock``, one per root, so that delays don't slow tests down. To control time, give
    ///   the test a `TestClock` from `AmbientTesting`.
    ///
    /// Previews keep real time on purpose: a preview that polls or animates with an immediate clock would spin.
    ///
    /// ```swift
    /// @Dependency(\.continuousClock) private var clock
    /// try await clock.sleep(for: .seconds(1))
    ///
    /// // In a test, step through time:
    /// let clock = TestClock()
    /// withDependencies { $0.continuousClock = clock } operation: { ... }
    /// await clock.advance(by: .seconds(1))
    /// ```
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    public var continuousClock: any Clock<Duration> {
        get { self[ContinuousClockKey.self] }
        set { self[ContinuousClockKey.self] = newValue }
    }

    /// The clock that stops while the system sleeps, as code should use it instead of `SuspendingClock()`.
    ///
    /// - Live and previews: `SuspendingClock()`.
    /// - Tests: an ``ImmediateClock``, one per root. To control time, give the test a `TestClock` from
    ///   `AmbientTesting`.
    ///
    /// ```swift
    /// @Dependency(\.suspendingClock) private var clock
    /// let elapsed = try await clock.measure { try await work() }
    /// ```
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    public var suspendingClock: any Clock<Duration> {
        get { self[SuspendingClockKey.self] }
        set { self[SuspendingClockKey.self] = newValue }
    }
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
private enum ContinuousClockKey: DependencyKey {
    static var defaultValue: any Clock<Duration> { ContinuousClock() }
    static var previewValue: any Clock<Duration> { ContinuousClock() }
    static var testingValue: any Clock<Duration> { ImmediateClock() }
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
private enum SuspendingClockKey: DependencyKey {
    static var defaultValue: any Clock<Duration> { SuspendingClock() }
    static var previewValue: any Clock<Duration> { SuspendingClock() }
    static var testingValue: any Clock<Duration> { ImmediateClock() }
}

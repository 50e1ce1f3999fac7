import Ambient
public import Testing

/// Runs `operation` with a new ``TestClock`` as the continuous and the suspending clock, then checks that no task
/// is left asleep on it.
///
/// ```swift
/// @Test func debounceWaitsHalfASecond() async {
///     await withTestClock { clock in
///         let search = SearchModel()          // its @Dependency(\.continuousClock) is the test clock
///         search.query = "swift"
///         await clock.waitForSleepers()
///         await clock.advance(by: .milliseconds(500))
///         #expect(search.requests == ["swift"])
///     }
/// }
/// ```
///
/// - Parameters:
///   - isolation: The actor `operation` runs on; the caller's, by default.
///   - sourceLocation: Where a sleeper left behind is reported; the caller's line by default.
///   - operation: The test, given the clock.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
public func withTestClock<R>(
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ operation: (TestClock) async throws -> R
) async rethrows -> R {
    let clock = TestClock()
    defer { clock.expectNoSleepers(sourceLocation: sourceLocation) }
    return try await withDependencies {
        $0.continuousClock = clock
        $0.suspendingClock = clock
    } operation: {
        try await operation(clock)
    }
}

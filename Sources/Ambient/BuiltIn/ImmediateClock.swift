// Availability: `Clock`, `InstantProtocol` and `Duration` are iOS 16 / macOS 13 / tvOS 16 / watchOS 9 (Apple's
// documentation), above the package's floor.

/// A clock whose sleeps return at once, moving its time to their deadline: for code whose waits don't matter.
///
/// Use it where a delay, a debounce or a retry back-off would only slow a preview or a test down, and the test does
/// not check when things happen (to control time step by step, use `TestClock` from `AmbientTesting`). It is the
/// testing value of ``DependencyValues/continuousClock`` and ``DependencyValues/suspendingClock``.
///
/// ```swift
/// let clock = ImmediateClock()
/// try await clock.sleep(for: .seconds(30))  // returns at once
/// clock.now                                  // 30 seconds later than before
/// ```
///
/// A sleep still throws `CancellationError` when its task is cancelled, and yields once, so that a loop that
/// sleeps lets other tasks run. Copies of a clock share its time.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
public struct ImmediateClock: Clock, Sendable {
    /// A point in an immediate clock's time: the duration since the clock started.
    ///
    /// `AmbientTesting`'s `TestClock` counts time with the same instants.
    public struct Instant: InstantProtocol, Sendable, CustomStringConvertible {
        /// The time since the clock's start.
        public var offset: Duration

        /// The instant `offset` after the clock's start.
        ///
        /// - Parameter offset: The time since the start; zero is the start.
        public init(offset: Duration = .zero) {
            self.offset = offset
        }

        /// The instant `duration` later.
        ///
        /// - Parameter duration: The time to add.
        /// - Returns: The later (or, for a negative duration, earlier) instant.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other`.
        ///
        /// - Parameter other: The other instant.
        /// - Returns: `other` minus this instant.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// The offset from the clock's start, such as `"2.5 seconds"`.
        public var description: String { offset.description }
    }

    /// The clock's time, shared by its copies.
    private let time: ConditionLock<Instant>

    /// A clock starting at `now`.
    ///
    /// - Parameter now: The clock's first instant; the start by default.
    public init(now: Instant = Instant()) {
        time = ConditionLock(now)
    }

    /// The clock's current instant: its start, moved on by every sleep.
    public var now: Instant { time.withLock { $0 } }

    /// Zero: the clock moves by exactly the time asked for.
    public var minimumResolution: Duration { .zero }

    /// Moves the clock to `deadline` if it is later than now, and returns without waiting.
    ///
    /// - Parameters:
    ///   - deadline: The instant to sleep until.
    ///   - tolerance: Ignored.
    /// - Throws: `CancellationError` when the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        time.withLock { $0 = max($0, deadline) }
        await Task.yield()
        try Task.checkCancellation()
    }
}

import Testing

@testable import Ambient

@Suite struct BuiltInClocksTests {
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func liveValuesAreTheSystemClocks() {
        withFreshRoot(.default) {
            #expect(DependencyValues.current.continuousClock is ContinuousClock)
            #expect(DependencyValues.current.suspendingClock is SuspendingClock)
        }
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func previewValuesKeepRealTime() {
        withFreshRoot(.preview) {
            #expect(DependencyValues.current.continuousClock is ContinuousClock)
            #expect(DependencyValues.current.suspendingClock is SuspendingClock)
        }
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func testingValuesAreImmediateClocksOfTheirOwn() throws {
        try withFreshRoot {
            let continuous = try #require(DependencyValues.current.continuousClock as? ImmediateClock)
            let suspending = try #require(DependencyValues.current.suspendingClock as? ImmediateClock)
            #expect(continuous.now == ImmediateClock.Instant())
            #expect(suspending.now == ImmediateClock.Instant())
        }
    }

    /// Run in parallel: each test's clock starts at zero, whatever another test's clock slept.
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test(arguments: 1...4)
    func testingClockStartsAtZeroInEveryRoot(_ seconds: Int) async throws {
        try await withFreshRoot {
            let clock = DependencyValues.current.continuousClock
            try await clock.sleep(for: .seconds(seconds))
            let immediate = try #require(DependencyValues.current.continuousClock as? ImmediateClock)
            #expect(immediate.now == ImmediateClock.Instant(offset: .seconds(seconds)))
        }
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func overrideWinsInsideTheScopeOnly() {
        withFreshRoot {
            let inside = withDependencies {
                $0.continuousClock = ContinuousClock()
            } operation: {
                DependencyValues.current.continuousClock
            }
            #expect(inside is ContinuousClock)
            #expect(DependencyValues.current.continuousClock is ImmediateClock)
        }
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func immediateClockSleepsMoveItsTimeWithoutWaiting() async throws {
        let clock = ImmediateClock()
        try await clock.sleep(for: .seconds(3600))
        try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
        #expect(clock.now == ImmediateClock.Instant(offset: .seconds(3601)))
        let elapsed = try await clock.measure { try await clock.sleep(for: .milliseconds(250)) }
        #expect(elapsed == .milliseconds(250))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func immediateClockNeverMovesBackwards() async throws {
        let clock = ImmediateClock(now: ImmediateClock.Instant(offset: .seconds(10)))
        try await clock.sleep(until: ImmediateClock.Instant(offset: .seconds(2)))
        #expect(clock.now == ImmediateClock.Instant(offset: .seconds(10)))
        #expect(clock.minimumResolution == .zero)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func immediateClockCopiesShareTheirTime() async throws {
        let clock = ImmediateClock()
        let copy = clock
        try await copy.sleep(for: .seconds(5))
        #expect(clock.now == copy.now)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func immediateClockSleepThrowsWhenCancelled() async {
        let clock = ImmediateClock()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.now == ImmediateClock.Instant())
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func instantArithmeticIsConsistent() {
        let start = ImmediateClock.Instant(offset: .seconds(1))
        let later = start.advanced(by: .milliseconds(1500))
        #expect(start.duration(to: later) == .milliseconds(1500))
        #expect(start < later)
    }
}

import Testing

@testable import Ambient
@testable import AmbientTesting

/// What sleeping tasks did, in order, from any thread.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
private final class Log<Entry: Sendable>: Sendable {
    private let entries = ConditionLock<[Entry]>([])
    func append(_ entry: Entry) { entries.withLock { $0.append(entry) } }
    var all: [Entry] { entries.withLock { $0 } }
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
private func at(_ seconds: Int) -> TestClock.Instant {
    TestClock.Instant(offset: .seconds(seconds))
}

@Suite struct TestClockTests {
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func sleeperWakesExactlyWhenTheClockReachesItsDeadline() async throws {
        let clock = TestClock()
        let wokeAt = Log<TestClock.Instant>()
        let task = Task {
            try await clock.sleep(for: .seconds(10))
            wokeAt.append(clock.now)
        }
        await clock.waitForSleepers()
        await clock.advance(by: .seconds(10) - .milliseconds(1))
        #expect(clock.sleeperDeadlines == [at(10)])
        #expect(wokeAt.all.isEmpty)
        await clock.advance(by: .milliseconds(1))
        try await task.value
        #expect(wokeAt.all == [at(10)])
        #expect(clock.sleeperDeadlines.isEmpty)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func sleepersWakeInDeadlineOrder() async throws {
        let clock = TestClock()
        let woken = Log<Int>()
        let tasks = [3, 1, 2].map { seconds in
            Task {
                try await clock.sleep(until: at(seconds))
                woken.append(seconds)
            }
        }
        await clock.waitForSleepers(3)
        #expect(clock.sleeperDeadlines == [at(1), at(2), at(3)])
        await clock.advance(by: .seconds(5))
        for task in tasks { try await task.value }
        #expect(woken.all == [1, 2, 3])
        #expect(clock.now == at(5))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func equalDeadlinesWakeInTheOrderTheyFellAsleep() async throws {
        let clock = TestClock()
        let woken = Log<String>()
        var tasks: [Task<Void, any Error>] = []
        for name in ["first", "second", "third"] {
            tasks.append(
                Task {
                    try await clock.sleep(until: at(1))
                    woken.append(name)
                }
            )
            await clock.waitForSleepers(tasks.count)
        }
        await clock.advance(by: .seconds(1))
        for task in tasks { try await task.value }
        #expect(woken.all == ["first", "second", "third"])
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func sleeperThatSleepsAgainWithinTheAdvanceWakesAtEachDeadline() async throws {
        let clock = TestClock()
        let ticks = Log<TestClock.Instant>()
        let timer = Task {
            for _ in 0..<3 {
                try await clock.sleep(for: .seconds(1))
                ticks.append(clock.now)
            }
        }
        await clock.waitForSleepers()
        await clock.advance(by: .seconds(3))
        try await timer.value
        #expect(ticks.all == [at(1), at(2), at(3)])
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func cancellingASleepingTaskEndsItsSleep() async {
        let clock = TestClock()
        let task = Task { try await clock.sleep(for: .seconds(60)) }
        await clock.waitForSleepers()
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.sleeperDeadlines.isEmpty)
        #expect(clock.now == at(0))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func taskCancelledAroundTheStartOfItsSleepThrows() async {
        let clock = TestClock()
        let task = Task { try await clock.sleep(for: .seconds(60)) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.sleeperDeadlines.isEmpty)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func advanceWithNoSleepersMovesTheTimeOnly() async {
        let clock = TestClock()
        await clock.advance(by: .seconds(5))
        #expect(clock.now == at(5))
        await clock.advance(to: at(2))
        #expect(clock.now == at(5))
        await clock.advance()
        await clock.run()
        #expect(clock.now == at(5))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func sleepUntilNowOrEarlierReturnsAtOnce() async throws {
        let clock = TestClock(now: at(10))
        try await clock.sleep(until: at(10))
        try await clock.sleep(for: .zero)
        try await clock.sleep(until: at(3))
        #expect(clock.now == at(10))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func runWakesEverySleeperAndStopsAtTheLastDeadline() async throws {
        let clock = TestClock()
        let woken = Log<Int>()
        let tasks = [100, 1, 10].map { seconds in
            Task {
                try await clock.sleep(until: at(seconds))
                woken.append(seconds)
            }
        }
        await clock.waitForSleepers(3)
        await clock.run()
        for task in tasks { try await task.value }
        #expect(woken.all == [1, 10, 100])
        #expect(clock.now == at(100))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func measureReadsTheTimeTheTestAdvanced() async throws {
        let clock = TestClock()
        let elapsed = Task { try await clock.measure { try await clock.sleep(for: .seconds(42)) } }
        await clock.waitForSleepers()
        await clock.advance(by: .seconds(42))
        #expect(try await elapsed.value == .seconds(42))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func sleepersStillWaitingMessageNamesTheirDeadlines() {
        #expect(
            TestClock.sleepersStillWaiting([at(1), at(5)], now: at(0)) == """
                TestClock: 2 tasks are still asleep on the clock (until 1.0 seconds, 5.0 seconds; now is 0.0 seconds). \
                Advance the clock past their deadlines with advance(by:) or run(), or cancel those tasks, before the \
                test ends.
                """
        )
        #expect(TestClock.sleepersStillWaiting([at(2)], now: at(1)).hasPrefix("TestClock: 1 task is still asleep"))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func expectNoSleepersRecordsAnIssueNamingTheLeftoverSleeps() async {
        let clock = TestClock()
        let task = Task { try await clock.sleep(for: .seconds(5)) }
        await clock.waitForSleepers()
        #expect(
            capturingClockIssues { clock.expectNoSleepers() } == [TestClock.sleepersStillWaiting([at(5)], now: at(0))])
        task.cancel()
        _ = await task.result
        #expect(capturingClockIssues { clock.expectNoSleepers() } == [])
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func withTestClockGivesItsClockToBothClockKeys() async {
        await withDependencies(DependencyValues._freshRoot(context: .testing)) {
            await withTestClock { clock in
                #expect(DependencyValues.current.continuousClock as? TestClock === clock)
                #expect(DependencyValues.current.suspendingClock as? TestClock === clock)
            }
            #expect(DependencyValues.current.continuousClock is ImmediateClock)
        }
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func withTestClockReportsASleeperLeftBehind() async {
        let leftover = ConditionLock<Task<Void, any Error>?>(nil)
        let issues = _Locked<[String]>([])
        await TestClock.$recordIssue.withValue({ issue in issues.withLock { $0.append(issue.rawValue) } }) {
            await withTestClock { clock in
                let task = Task { try await clock.sleep(for: .seconds(1)) }
                leftover.withLock { $0 = task }
                await clock.waitForSleepers()
            }
        }
        #expect(issues.withLock { $0 } == [TestClock.sleepersStillWaiting([at(1)], now: at(0))])
        leftover.withLock { $0?.cancel() }
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func codeUnderTestSleepsOnTheInjectedClock() async throws {
        struct Reminder {
            @Dependency(\.continuousClock) var clock
            func fire(after delay: Duration, _ log: Log<String>) async throws {
                try await clock.sleep(for: delay)
                log.append("fired")
            }
        }
        try await withTestClock { clock in
            let log = Log<String>()
            let reminder = Reminder()
            let task = Task { try await reminder.fire(after: .seconds(3600), log) }
            await clock.waitForSleepers()
            await clock.advance(by: .seconds(3599))
            #expect(log.all.isEmpty)
            await clock.advance(by: .seconds(1))
            try await task.value
            #expect(log.all == ["fired"])
        }
    }
}

/// The issues `body` made a test clock record, caught instead of failing the test.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
private func capturingClockIssues(_ body: () -> Void) -> [String] {
    let issues = _Locked<[String]>([])
    TestClock.$recordIssue.withValue({ issue in issues.withLock { $0.append(issue.rawValue) } }, operation: body)
    return issues.withLock { $0 }
}

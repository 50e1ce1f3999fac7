public import Ambient
import Foundation
public import Testing

/// A clock that moves only when the test moves it, so that a test can check what code does at each point in time.
///
/// Give it to the code under test in place of `DependencyValues.continuousClock` or
/// `DependencyValues.suspendingClock`. A task that sleeps on it waits until the test calls
/// ``advance(by:)``, ``advance(to:)`` or ``run()`` past its deadline; sleepers wake in deadline order (in the order
/// they fell asleep for equal deadlines), each at its own deadline. Cancelling a sleeping task ends its sleep with
/// `CancellationError`.
///
/// ```swift
/// @Test func reminderFiresAfterOneHour() async throws {
///     try await withTestClock { clock in
///         let reminder = Reminder()                       // reads @Dependency(\.continuousClock)
///         let task = Task { try await reminder.start(after: .seconds(3600)) }
///         await clock.waitForSleepers()
///         await clock.advance(by: .seconds(3599))
///         #expect(!reminder.hasFired)
///         await clock.advance(by: .seconds(1))
///         try await task.value
///         #expect(reminder.hasFired)
///     }   // fails the test if a task is still asleep on the clock here
/// }
/// ```
///
/// A test should end with no task asleep on the clock: a sleeper left behind is work the test did not check. Call
/// ``expectNoSleepers(_:sourceLocation:)`` at the end, or run the test in ``withTestClock(isolation:sourceLocation:_:)``,
/// which does it for you.
///
/// After waking a sleeper, the clock waits until the sleeping task has resumed and then yields several times, so
/// that the task can run to its next suspension (often its next sleep on this clock) before later sleepers wake.
/// Code that awaits other work between two sleeps may need ``waitForSleepers(_:)`` before the next advance.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
public final class TestClock: Clock, Sendable {
    /// A point in a test clock's time: the duration since the clock started.
    ///
    /// The same type as `ImmediateClock.Instant`: `TestClock.Instant(offset: .seconds(5))`.
    public typealias Instant = ImmediateClock.Instant

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Instant
        var nextID = 0
        /// How many sleeps have started so far.
        var sleepsStarted = 0
        /// The tasks asleep on the clock, in the order they fell asleep.
        var sleepers: [Sleeper] = []
        /// Sleepers cancelled before they were registered.
        var cancelled: Set<Int> = []
        /// `waitForSleepers(_:)` calls waiting for a number of sleepers.
        var sleeperCountWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
        /// An `advance` waiting for the sleeper it woke to resume, by sleeper.
        var wakeWaiters: [Int: CheckedContinuation<Void, Never>] = [:]

        /// Removes and returns the `waitForSleepers(_:)` calls that the current sleepers satisfy.
        mutating func satisfiedCountWaiters() -> [CheckedContinuation<Void, Never>] {
            let satisfied = sleeperCountWaiters.filter { $0.count <= sleepers.count }
            sleeperCountWaiters.removeAll { $0.count <= sleepers.count }
            return satisfied.map(\.continuation)
        }

        /// The index of the sleeper to wake first: the earliest deadline, then the earliest to fall asleep.
        var firstSleeperIndex: Int? {
            sleepers.indices.min { (sleepers[$0].deadline, sleepers[$0].id) < (sleepers[$1].deadline, sleepers[$1].id) }
        }
    }

    /// How many times, at most, the clock yields after a sleeper resumes, to let its task run to its next sleep.
    private static let yieldsAfterWake = 100

    private let state: _Locked<State>

    /// A clock whose time starts at `now` and stands still until the test advances it.
    ///
    /// - Parameter now: The clock's first instant; the start by default.
    public init(now: Instant = Instant()) {
        state = _Locked(State(now: now))
    }

    /// The clock's current instant.
    public var now: Instant { state.withLock { $0.now } }

    /// Zero: the clock moves by exactly the time the test asks for.
    public var minimumResolution: Duration { .zero }

    /// The deadlines of the tasks asleep on the clock, earliest first.
    ///
    /// ```swift
    /// #expect(clock.sleeperDeadlines == [TestClock.Instant(offset: .seconds(5))])
    /// ```
    public var sleeperDeadlines: [Instant] {
        state.withLock { $0.sleepers.map(\.deadline) }.sorted()
    }

    /// Suspends the calling task until the test advances the clock to `deadline` or past it.
    ///
    /// A deadline that is not after ``now`` returns at once.
    ///
    /// - Parameters:
    ///   - deadline: The instant to wake at.
    ///   - tolerance: Ignored: the sleeper wakes exactly at its deadline.
    /// - Throws: `CancellationError` when the task is cancelled before or during the sleep.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        defer { finishWake(of: id) }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Outcome { case asleep, cancelled, due }
                let (outcome, satisfied) = state.withLock { state -> (Outcome, [CheckedContinuation<Void, Never>]) in
                    if state.cancelled.remove(id) != nil { return (.cancelled, []) }
                    if deadline <= state.now { return (.due, []) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    state.sleepsStarted += 1
                    return (.asleep, state.satisfiedCountWaiters())
                }
                switch outcome {
                case .asleep:
                    for waiter in satisfied { waiter.resume() }
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .due: continuation.resume()
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward by `duration`, waking in deadline order every task whose deadline it reaches.
    ///
    /// Advancing with no task asleep just moves the time.
    ///
    /// ```swift
    /// await clock.advance(by: .seconds(1))
    /// ```
    ///
    /// - Parameter duration: How far to move; zero wakes only the sleepers that are already due.
    public func advance(by duration: Duration = .zero) async {
        await advance(to: now.advanced(by: duration))
    }

    /// Moves the clock forward to `deadline`, waking in deadline order every task whose deadline it reaches.
    ///
    /// The clock stops at each sleeper's deadline while that sleeper wakes, so the woken task reads its own
    /// deadline as ``now``. A deadline before ``now`` leaves the time as it is.
    ///
    /// - Parameter deadline: The instant to move to.
    public func advance(to deadline: Instant) async {
        while let sleeper = state.withLock({ state -> Sleeper? in
            guard let index = state.firstSleeperIndex, state.sleepers[index].deadline <= deadline else {
                state.now = max(state.now, deadline)
                return nil
            }
            let sleeper = state.sleepers.remove(at: index)
            state.now = max(state.now, sleeper.deadline)
            return sleeper
        }) {
            await wake(sleeper)
        }
    }

    /// Advances the clock from deadline to deadline until no task is asleep on it.
    ///
    /// Use it when the test only cares about the end state. A task that always sleeps again (a timer loop) keeps
    /// it running forever: advance such code by a fixed amount instead.
    public func run() async {
        while let next = state.withLock({ state in state.firstSleeperIndex.map { state.sleepers[$0].deadline } }) {
            await advance(to: next)
        }
    }

    /// Suspends until at least `count` tasks are asleep on the clock.
    ///
    /// Call it after starting the code under test and before advancing, so that the advance cannot happen before
    /// the code falls asleep (a sleep that starts after the advance would measure from the later time).
    ///
    /// ```swift
    /// let task = Task { try await poller.start() }
    /// await clock.waitForSleepers()
    /// await clock.advance(by: .seconds(30))
    /// ```
    ///
    /// If fewer tasks ever fall asleep, it waits for ever; a `.timeLimit` trait on the test bounds that.
    ///
    /// - Parameter count: The number of sleepers to wait for; one by default.
    public func waitForSleepers(_ count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isSatisfied = state.withLock { state in
                guard state.sleepers.count < count else { return true }
                state.sleeperCountWaiters.append((count, continuation))
                return false
            }
            if isSatisfied { continuation.resume() }
        }
    }

    /// Records a test issue if any task is still asleep on the clock, naming their deadlines.
    ///
    /// Call it at the end of a test (``withTestClock(isolation:sourceLocation:_:)`` does): a task left asleep is
    /// work the test never checked, and it would stay suspended forever.
    ///
    /// ```swift
    /// await clock.run()
    /// clock.expectNoSleepers()
    /// ```
    ///
    /// - Parameters:
    ///   - comment: A note added to the issue.
    ///   - sourceLocation: Where the issue is reported; the caller's line by default.
    public func expectNoSleepers(_ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        let deadlines = sleeperDeadlines
        guard !deadlines.isEmpty else { return }
        let message = Self.sleepersStillWaiting(deadlines, now: now)
        let issue = Comment(rawValue: comment.map { "\(message) \($0.rawValue)" } ?? message)
        if let recordIssue = Self.recordIssue {
            recordIssue(issue)
        } else {
            Issue.record(issue, sourceLocation: sourceLocation)
        }
    }

    /// Where ``expectNoSleepers(_:sourceLocation:)`` records its issue on this task: Swift Testing's `Issue.record`
    /// when `nil`; tests of the clock capture it instead.
    @TaskLocal static var recordIssue: (@Sendable (Comment) -> Void)?

    /// The message of ``expectNoSleepers(_:sourceLocation:)``.
    static func sleepersStillWaiting(_ deadlines: [Instant], now: Instant) -> String {
        let tasks = deadlines.count == 1 ? "1 task is" : "\(deadlines.count) tasks are"
        let until = deadlines.map(\.description).joined(separator: ", ")
        return """
            TestClock: \(tasks) still asleep on the clock (until \(until); now is \(now)). Advance the clock past \
            their deadlines with advance(by:) or run(), or cancel those tasks, before the test ends.
            """
    }

    /// Resumes `sleeper`, waits until its task has resumed, then yields so that the task can run on.
    ///
    /// NB: no API tells when another task has reached its next suspension, so the clock yields until a new sleep
    /// starts (the common case: a loop that sleeps again) or, at most, `yieldsAfterWake` times.
    private func wake(_ sleeper: Sleeper) async {
        let sleepsBefore = state.withLock { $0.sleepsStarted }
        await withCheckedContinuation { (resumed: CheckedContinuation<Void, Never>) in
            state.withLock { $0.wakeWaiters[sleeper.id] = resumed }
            sleeper.continuation.resume()
        }
        for _ in 0..<Self.yieldsAfterWake {
            await Task.yield()
            if state.withLock({ $0.sleepsStarted > sleepsBefore }) { break }
        }
    }

    /// Tells an `advance` waiting for the sleeper `id` that its task has resumed.
    private func finishWake(of id: Int) {
        let waiter = state.withLock { state in
            state.cancelled.remove(id)
            return state.wakeWaiters.removeValue(forKey: id)
        }
        waiter?.resume()
    }
}

import Ambient
import Foundation
import Testing
import XCTest

/// Turns Ambient's reports about one test's values into failures of that test, from whichever thread they come.
///
/// A report made on the test's own task (Swift Testing) or, for XCTest, on the main thread while the test runs
/// becomes a failure at once. A report from anywhere else — values re-entered on a Dispatch queue, a `Thread` or a
/// `Task.detached`, an `unimplemented` endpoint called from a callback — is kept while the block that collects them
/// runs (the test, or a `withTestDependencies` block) and recorded when it ends, on the test's task or thread, so it
/// fails that test. After a block of a Swift Testing test, and all along for a Swift Testing test's implicit root
/// (whose end no one is told of), such reports go to an ``IssueCourier`` instead, which records them for the test.
///
/// A report that reaches this reporter while another test runs on the reporting task (or, for XCTest, on the main
/// thread) is that test's: a value stored in a `static let` or an object kept from an earlier test carries the values
/// of the test that made it, but the failure belongs to the test that uses it.
///
/// Once the test itself ended, a report cannot fail it any more: it goes to standard error, naming the test, and so
/// does the first read of each key that work left behind makes in the test's values.
///
/// A lenient test (``DependencyStrictness/lenient``) leaves missing testing values and `unimplemented` calls to
/// Ambient's warnings on standard error.
final class TestIssueReporter: _DependencyIssueReporter {
    /// A failure to record: its message, and the `@Dependency` it is about, if known.
    struct Failure: Sendable {
        var message: String
        var site: _DeclarationSite?
        /// For an XCTest failure that neither `site` nor the test's values locate: the line of the test method that
        /// led to it, found where it was reported.
        var lineInTheTest: TestLocation?
    }

    private struct State {
        var pending: [Failure] = []
        /// Whether reports from other threads are kept for ``finish(endingTheTest:)``.
        var isCollecting: Bool
        /// Whether the test is over: reports can no longer fail it.
        var testHasEnded = false
        var strictness: DependencyStrictness
        /// Where reports from other threads that are not kept go, if anywhere: see ``refreshCourier()``.
        var courier: IssueCourier?
        /// Whether the test's own tasks carry this reporter as `TestRoot.reporter`: a ``DependencyTestCase``'s do.
        var marksItsTasks = false
    }

    private let test: Test?
    private let testName: String
    /// Whether an XCTest failure that no `@Dependency` locates is filed at the line of the test method that led to
    /// it: when there is no `withTestDependencies` call to file it at.
    private let locatesInTheTest: Bool
    /// Whether the test runs on the main thread, as XCTest tests do: a failure made there while the test runs is
    /// attributed to it.
    private let runsOnMainThread: Bool
    private let record: @Sendable (Failure) -> Void
    /// Whether this reporter sends reports from other threads to an ``IssueCourier`` of its Swift Testing test.
    private let usesCourier: Bool
    private let writeLateReport: @Sendable (String) -> Void
    private let state: _Locked<State>

    /// A reporter for the test running on the current task (Swift Testing) or thread (XCTest).
    ///
    /// - Parameters:
    ///   - testName: The test's name, for a report that arrives after it ended.
    ///   - strictness: Whether missing testing values fail the test.
    ///   - collects: Whether reports from other threads are kept until ``finish(endingTheTest:)``; without, they go
    ///     to the courier at once (a Swift Testing test's implicit root, whose end this reporter is never told of).
    ///   - usesCourier: Whether reports from other threads that are not kept go to an ``IssueCourier``, made now, of
    ///     the Swift Testing test running here.
    ///   - location: Where the test made its values (a `withTestDependencies` call), for an XCTest failure that
    ///     nothing else locates.
    ///   - record: How a failure is recorded; Swift Testing's or XCTest's, by default. Tests capture them instead.
    ///   - writeLateReport: Where a report after the end goes; standard error by default.
    init(
        testName: String? = nil,
        strictness: DependencyStrictness = .strict,
        collects: Bool = true,
        usesCourier: Bool = false,
        location: TestLocation? = nil,
        record: (@Sendable (Failure) -> Void)? = nil,
        writeLateReport: @escaping @Sendable (String) -> Void = { ProcessEnvironment.writeToStandardError($0) }
    ) {
        let test = Test.current
        self.test = test
        self.testName = testName ?? test?.name ?? "the test"
        locatesInTheTest = test == nil && testName != nil && location == nil
        runsOnMainThread = Thread.isMainThread
        let record = record ?? { Self.recordFailure($0, of: test, at: location) }
        self.record = record
        self.usesCourier = usesCourier && test != nil
        self.writeLateReport = writeLateReport
        state = _Locked(
            State(
                isCollecting: collects, strictness: strictness,
                courier: self.usesCourier ? IssueCourier(record: record) : nil))
    }

    /// Whether this reporter is that of the test running here: the Swift Testing test of this task, or else the
    /// XCTest method that runs. A report that reaches it while another test runs here goes to that test.
    var belongsToTheTestRunningHere: Bool {
        if let current = Test.current { return current.id == test?.id }
        return testName == XCTestRootObserver.running?.name
    }

    /// Replaces the courier with one made here, on the test's task, now.
    ///
    /// A courier's task inherits the task-local values of the moment it is made, Swift Testing's known-issue block
    /// among them: one made inside `withKnownIssue { ... }` would record every later report from another thread as
    /// a known issue. So the courier is made again at each read on the test's own task, and a report from another
    /// thread is covered by a known-issue block only when the test's latest read happened inside it.
    ///
    /// NB: this costs a task per read of a Swift Testing test's implicit root on its own task (some microseconds):
    /// Swift Testing offers no way to tell whether a known-issue block is active, nor to make a task without it.
    func refreshCourier() {
        guard usesCourier else { return }
        let fresh = IssueCourier(record: record)
        let stale = state.withLock { state in
            defer { state.courier = fresh }
            return state.courier
        }
        // The stale courier is freed here, outside the lock: its task ends once it recorded what it was handed.
        _ = stale
    }

    /// How strict the test is; a trait or base class may change it before the test body runs.
    var strictness: DependencyStrictness {
        get { state.withLock { $0.strictness } }
        set { state.withLock { $0.strictness = newValue } }
    }

    func handles(_ kind: _DependencyIssueKind) -> Bool {
        switch kind {
        case .missingTestingValue, .unimplemented: strictness == .strict
        case .misuse: true
        }
    }

    func report(_ kind: _DependencyIssueKind, _ message: String) {
        report(kind, message, at: nil)
    }

    func report(_ kind: _DependencyIssueKind, _ message: String, at site: _DeclarationSite?) {
        if let running = ImplicitTestRoots.shared.reporterOfTheTestRunningHere(), running !== self,
            !belongsToTheTestRunningHere
        {
            // Another test runs here than the one whose values made the report (a value stored in a `static let`,
            // an object kept from an earlier test): the failure is the running test's.
            if running.handles(kind) {
                running.report(kind, message, at: site)
            } else {
                ProcessEnvironment.writeToStandardError(message + "\n")
            }
            return
        }
        // A call of an unimplemented endpoint is fixed in the test (it overrides the endpoint): a Swift Testing issue
        // points at the test, an XCTest failure, which has no test location, at the endpoint's declaration.
        let site = kind == .unimplemented && test != nil ? nil : site
        // Found now, while the code that reported is on this thread's stack.
        let line = locatesInTheTest && site == nil ? XCTestFailure.lineInTheTest(named: testName) : nil
        if !state.withLock({ $0.testHasEnded }), isOnTheTestsOwnTaskOrThread {
            record(Failure(message: message, site: site, lineInTheTest: line))
            return
        }
        let located = Failure(message: message + "\n" + Self.whereItHappened(), site: site, lineInTheTest: line)
        let (isKept, testHasEnded, courier) = state.withLock { state in
            if state.isCollecting { state.pending.append(located) }
            return (state.isCollecting, state.testHasEnded, state.courier)
        }
        if isKept { return }
        if let courier, !testHasEnded {
            courier.deliver(located)
        } else {
            writeLateReport(Self.lateReport(located.message, testName: testName))
        }
    }

    func willCreate(_ key: any DependencyKey.Type) {
        guard state.withLock({ $0.testHasEnded }) else { return }
        writeLateReport(Self.lateRead(of: key, testName: testName))
    }

    /// Whether a report made here belongs to the running test: on its task, or for XCTest on its thread or its task.
    ///
    /// An `async` XCTest method runs on a task, off the main thread. A ``DependencyTestCase`` marks its method's tasks
    /// with its root (`TestRoot.reporter`), so a task without that mark, such as `Task.detached`, is told apart. A
    /// plain `XCTestCase` marks nothing: a task that carries no test's mark may be its method's own, so it is taken
    /// for it rather than called detached.
    private var isOnTheTestsOwnTaskOrThread: Bool {
        if let test { return Test.current?.id == test.id }
        guard runsOnMainThread else { return false }
        if Thread.isMainThread { return true }
        let mark = TestRoot.reporter
        if let mark { return mark === self }
        return !state.withLock { $0.marksItsTasks } && withUnsafeCurrentTask { $0 != nil } && Test.current == nil
    }

    /// Says that the test's own tasks carry this reporter as `TestRoot.reporter`, as a ``DependencyTestCase``'s root
    /// it runs its method in makes them: an XCTest method's task is then told apart from a detached one.
    func marksItsTasks() {
        state.withLock { $0.marksItsTasks = true }
    }

    /// Ends the block that collects reports: fails the test with every report kept from other threads. Call it on
    /// the test's task or thread.
    ///
    /// - Parameter endingTheTest: Whether the test itself ends (the trait's or ``DependencyTestCase``'s root), so
    ///   that whatever its values report afterwards goes to standard error; otherwise (a `withTestDependencies`
    ///   block inside a test) later reports still fail the test where they can.
    func finish(endingTheTest: Bool = true) {
        let pending = state.withLock { state in
            state.isCollecting = false
            state.testHasEnded = state.testHasEnded || endingTheTest
            defer { state.pending = [] }
            return state.pending
        }
        pending.forEach(record)
    }

    /// Records `failure` as Swift Testing's issue of `test`, or else as a failure of the running XCTest test, filed
    /// at `location` when nothing closer locates it.
    private static func recordFailure(_ failure: Failure, of test: Test?, at location: TestLocation?) {
        if let test {
            Issue.record(
                Comment(rawValue: failure.message),
                sourceLocation: failure.site?.sourceLocation ?? test.sourceLocation)
        } else {
            XCTestFailure.record(failure.message, at: failure.site, test: location ?? failure.lineInTheTest)
        }
    }

    /// Which kind of thread the report came from, said so that the reader finds the work that made it.
    static func whereItHappened() -> String {
        let kind: String
        if withUnsafeCurrentTask(body: { $0 != nil }) {
            kind = "a task that is not the test's own (such as Task.detached)"
        } else if Thread.isMainThread {
            kind = "the main thread, outside the test's task"
        } else {
            kind = "a thread outside Swift concurrency (a Dispatch queue or a Thread)"
        }
        return "This happened on \(kind), in the test's dependency values."
    }

    /// The text for a report that arrived after its test ended.
    static func lateReport(_ message: String, testName: String) -> String {
        "Ambient: after \(VisibleText.escaping(testName)) ended, work it started reported:\n\(message)\n"
    }

    /// The text for a read that work left behind made in its test's values after the test ended.
    static func lateRead(of key: any DependencyKey.Type, testName: String) -> String {
        let test = VisibleText.escaping(testName)
        return """
            Ambient: after \(test) ended, work it started read \(VisibleText.of(key)). The read got \(test)'s own \
            values, so no other test is affected, but no test checks that work any more: wait for it (or cancel it) \
            before the test returns.\n
            """
    }
}

extension _DeclarationSite {
    /// The site as Swift Testing locates an issue.
    var sourceLocation: SourceLocation {
        SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

import Ambient
import Foundation
import Testing
import XCTest

/// Turns Ambient's reports about one test's values into failures of that test, from whichever thread they come.
///
/// A report made on the test's own task becomes a Swift Testing issue at once. A report from anywhere else — values
/// re-entered on a Dispatch queue, a `Thread` or a `Task.detached`, an `unimplemented` endpoint called from a
/// callback — is kept and recorded when the test's body returns, on the test's task, so it fails that test. A
/// report that arrives after the test ended cannot fail it any more; it goes to standard error, naming the test.
final class TestIssueReporter: _DependencyIssueReporter {
    private struct Pending {
        var message: String
        var site: _DeclarationSite?
    }

    private struct State {
        var pending: [Pending] = []
        var hasEnded = false
    }

    private let test: Test?
    private let testName: String
    /// Whether the test runs on the main thread, as XCTest tests do: a failure made there while the test runs is
    /// attributed to it.
    private let runsOnMainThread: Bool
    private let writeLateReport: @Sendable (String) -> Void
    private let state = _Locked(State())

    /// A reporter for the test running on the current task (Swift Testing) or thread (XCTest).
    ///
    /// - Parameters:
    ///   - testName: The test's name, for a report that arrives after it ended.
    ///   - writeLateReport: Where such a report goes; standard error by default.
    init(
        testName: String? = nil,
        writeLateReport: @escaping @Sendable (String) -> Void = { ProcessEnvironment.writeToStandardError($0) }
    ) {
        test = Test.current
        self.testName = testName ?? Test.current?.name ?? "the test"
        runsOnMainThread = Thread.isMainThread
        self.writeLateReport = writeLateReport
    }

    func report(_ kind: _DependencyIssueKind, _ message: String) {
        report(kind, message, at: nil)
    }

    func report(_ kind: _DependencyIssueKind, _ message: String, at site: _DeclarationSite?) {
        let isRunning = !state.withLock { $0.hasEnded }
        if isRunning, let test, let current = Test.current, current.id == test.id {
            Issue.record(Comment(rawValue: message), sourceLocation: site?.sourceLocation ?? test.sourceLocation)
            return
        }
        if isRunning, test == nil, runsOnMainThread, Thread.isMainThread {
            XCTestFailure.record(message, at: site)
            return
        }
        let located = message + "\n" + Self.whereItHappened()
        let isLate = state.withLock { state in
            if !state.hasEnded { state.pending.append(Pending(message: located, site: site)) }
            return state.hasEnded
        }
        if isLate {
            writeLateReport(Self.lateReport(located, testName: testName))
        }
    }

    /// Ends the test: fails it with every report kept from other threads. Call it on the test's task or thread.
    func finish() {
        let pending = state.withLock { state in
            state.hasEnded = true
            return state.pending
        }
        for report in pending {
            if let test {
                Issue.record(
                    Comment(rawValue: report.message),
                    sourceLocation: report.site?.sourceLocation ?? test.sourceLocation)
            } else {
                XCTestFailure.record(report.message, at: report.site)
            }
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
}

extension _DeclarationSite {
    /// The site as Swift Testing locates an issue.
    var sourceLocation: SourceLocation {
        SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

import Ambient
import Dispatch
import Foundation
import Testing

@testable import AmbientTesting

/// DESIGN §4.13: a test's reporter travels with the test's values, so a read of a key without a testing value, or
/// a call of an `unimplemented` endpoint made in the test, fails the test on whichever thread it happens.
///
/// No `.dependencies` trait on the suite: each test makes its own test root inside `withKnownIssue`, so the
/// failure it must cause is caught there.
@Suite struct StrictnessFollowsValuesTests {
    static let missingValue = "Ambient: LiveOnlyServiceKey has no testingValue"
    static let offTask = "This happened on a thread outside Swift concurrency (a Dispatch queue or a Thread)"
    static let detached = "This happened on a task that is not the test's own (such as Task.detached)"

    @Test func readInTheTestsValuesReEnteredOnADispatchQueueFailsTheTest() {
        withKnownIssue {
            withTestDependencies {
                let values = DependencyValues.current
                onAnotherThread {
                    _ = withDependencies(values) { DependencyValues.current.liveOnlyService }
                }
            }
        } matching: { issue in
            Self.says(issue, Self.missingValue, Self.offTask)
        }
    }

    @Test func readInTheTestsValuesReEnteredOnAThreadFailsTheTest() {
        withKnownIssue {
            withTestDependencies {
                let values = DependencyValues.current
                let done = DispatchSemaphore(value: 0)
                Thread.detachNewThread {
                    _ = withDependencies(values) { DependencyValues.current.liveOnlyService }
                    done.signal()
                }
                done.wait()
            }
        } matching: { issue in
            Self.says(issue, Self.missingValue, Self.offTask)
        }
    }

    @Test func readInTheTestsValuesReEnteredInADetachedTaskFailsTheTest() async {
        await withKnownIssue {
            await withTestDependencies {
                let values = DependencyValues.current
                await Task.detached {
                    _ = withDependencies(values) { DependencyValues.current.liveOnlyService }
                }.value
            }
        } matching: { issue in
            Self.says(issue, Self.missingValue, Self.detached)
        }
    }

    @Test func unimplementedEndpointCreatedInTheTestFailsItFromADispatchCallback() {
        withKnownIssue {
            withTestDependencies {
                let log = DependencyValues.current.apiClient.log
                onAnotherThread { log("from a callback") }
            }
        } matching: { issue in
            Self.says(issue, "Ambient: APIClient.log is unimplemented in tests", Self.offTask)
        }
    }

    @Test func traitFailsTheTestForAReadOnAnotherThread() async throws {
        let test = try #require(Test.current)
        try await withKnownIssue {
            try await DependenciesTrait.dependencies.provideScope(for: test, testCase: Test.Case.current) {
                let values = DependencyValues.current
                onAnotherThread {
                    _ = withDependencies(values) { DependencyValues.current.liveOnlyService }
                }
            }
        } matching: { issue in
            Self.says(issue, Self.missingValue, Self.offTask)
        }
    }

    @Test func readOnAnotherThreadOfValuesOutsideAnyTestRootIsNoFailure() {
        // Control: the process's values are not a test's; their reports only warn.
        let values = DependencyValues.current
        let value = _Locked("")
        onAnotherThread {
            value.withLock { $0 = withDependencies(values) { DependencyValues.current[FormatterKey.self] } }
        }
        #expect(value.withLock { $0 } == "formatter")
    }

    @Test func reportAfterTheTestEndedNamesTheTestInsteadOfFailingAnother() {
        let written = _Locked<[String]>([])
        let reporter = TestIssueReporter(testName: "checkoutSubmits()") { text in written.withLock { $0.append(text) } }
        reporter.finish()
        onAnotherThread { reporter.report(.missingTestingValue, "Ambient: late read") }
        #expect(
            written.withLock { $0 } == [
                """
                Ambient: after checkoutSubmits() ended, work it started reported:
                Ambient: late read
                \(Self.offTask), in the test's dependency values.

                """
            ])
    }

    /// Runs `work` on a Dispatch queue's thread — not this one (`DispatchQueue.sync` may run it here) — and waits.
    private func onAnotherThread(_ work: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            work()
            done.signal()
        }
        done.wait()
    }

    private static func says(_ issue: Issue, _ parts: String...) -> Bool {
        let text = issue.comments.map(\.rawValue).joined(separator: "\n")
        return parts.allSatisfy { text.contains($0) }
    }
}

import Ambient
import Dispatch
import Foundation
import Testing

@testable import AmbientTesting

/// Semantics: strictness follows the values. A test's reporter travels with the test's values, so a read of a key
/// without a testing value, or a call of an `unimplemented` endpoint made in the test, fails the test on whichever
/// thread it happens.
///
/// No `.dependencies` trait on the suite: each test makes its own test root whose failures are captured, so the
/// failure it must cause is checked here (`StrictByDefaultTests` shows, in a child, that it fails a real test).
@Suite struct StrictnessFollowsValuesTests {
    static let missingValue = "Ambient: LiveOnlyServiceKey has no testingValue"
    static let offTask = "This happened on a thread outside Swift concurrency (a Dispatch queue or a Thread)"
    static let detached = "This happened on a task that is not the test's own (such as Task.detached)"

    @Test func readInTheTestsValuesReEnteredOnADispatchQueueFailsTheTest() {
        let failures = capturingFailures {
            readLiveOnlyServiceOnADispatchThread(in: DependencyValues.current)
        }
        #expect(Self.say(failures, Self.missingValue, Self.offTask))
    }

    @Test func readInTheTestsValuesReEnteredOnAThreadFailsTheTest() {
        let failures = capturingFailures {
            let values = DependencyValues.current
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                _ = withDependencies(values) { DependencyValues.current.liveOnlyService }
                done.signal()
            }
            done.wait()
        }
        #expect(Self.say(failures, Self.missingValue, Self.offTask))
    }

    @Test func readInTheTestsValuesReEnteredInADetachedTaskFailsTheTest() async {
        let failures = await capturingFailures {
            let values = DependencyValues.current
            await Task.detached {
                _ = withDependencies(values) { DependencyValues.current.liveOnlyService }
            }.value
        }
        #expect(Self.say(failures, Self.missingValue, Self.detached))
    }

    @Test func unimplementedEndpointCreatedInTheTestFailsItFromADispatchCallback() {
        let failures = capturingFailures {
            let log = DependencyValues.current.apiClient.log
            onADispatchThread { log("from a callback") }
        }
        #expect(Self.say(failures, "Ambient: APIClient.log is unimplemented in tests", Self.offTask))
    }

    @Test func readOnAnotherThreadInTheTestsValuesOfAKeyWithItsTestingValueIsNoFailure() {
        // Control: only a key without a testing value fails the test, wherever it is read.
        let failures = capturingFailures {
            let values = DependencyValues.current
            let value = _Locked("")
            onADispatchThread {
                value.withLock { $0 = withDependencies(values) { DependencyValues.current[FormatterKey.self] } }
            }
            #expect(value.withLock { $0 } == "formatter")
        }
        #expect(failures.messages.isEmpty)
    }

    @Test func reportAfterTheTestEndedNamesTheTestInsteadOfFailingAnother() {
        let written = _Locked<[String]>([])
        let reporter = TestIssueReporter(
            testName: "checkoutSubmits()", writeLateReport: { text in written.withLock { $0.append(text) } })
        reporter.finish()
        onADispatchThread { reporter.report(.missingTestingValue, "Ambient: late read") }
        #expect(
            written.withLock { $0 } == [
                """
                Ambient: after checkoutSubmits() ended, work it started reported:
                Ambient: late read
                \(Self.offTask), in the test's dependency values.

                """
            ])
    }

    @Test func readThatCreatesAValueAfterTheTestEndedNamesTheTest() {
        let captured = CapturedFailures()
        let reporter = captured.reporter(testName: "test1\u{1B}[2J")
        let values = DependencyValues._freshRoot(context: .testing, reporter: reporter)
        reporter.finish()
        _ = withDependencies(values) { DependencyValues.current.uuid() }
        #expect(
            captured.late == [
                """
                Ambient: after test1\\e[2J ended, work it started read UUIDGeneratorKey. The read got \
                test1\\e[2J's own values, so no other test is affected, but no test checks that work any more: wait \
                for it (or cancel it) before the test returns.

                """
            ])
        #expect(captured.messages.isEmpty)
    }

    /// Whether exactly one failure was captured, and it says every one of `parts`.
    private static func say(_ failures: CapturedFailures, _ parts: String...) -> Bool {
        failures.messages.count == 1 && parts.allSatisfy { failures.messages[0].contains($0) }
    }
}

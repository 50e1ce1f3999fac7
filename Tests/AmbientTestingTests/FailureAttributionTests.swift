import Foundation
import Testing

/// A failure reaches the test that is running when it happens — a call of an `unimplemented` endpoint, a read of a
/// key without a testing value — and a known-issue block covers only what happens inside it.
///
/// Each case runs a suite of `FailureAttributionFixtures.swift` in a child run of this test binary and checks which of
/// its tests failed, since a fixture that must fail cannot fail here.
@Suite(.enabled(if: TestBinary.canRunFixtures, "needs a test binary that runs its own tests (swift test on Linux)"))
struct FailureAttributionTests {
    /// The tests of a fixture suite that a child run reported as failed and as passed.
    private struct Outcomes {
        var failed: Set<String> = []
        var passed: Set<String> = []
        var child: ChildProcess.Result
    }

    /// Runs the fixture suite `suite` in a child and reads which of its tests failed and which passed.
    private static func outcomes(of suite: String) async throws -> Outcomes {
        let child = try await TestBinary.runSwiftTesting(suite: suite)
        var outcomes = Outcomes(child: child)
        for line in (child.output + child.errorOutput).split(separator: "\n") {
            // A test's outcome: `✔ Test name() passed after …` (`━` with known issues), `✘ Test name() failed after …`.
            guard ["✔ Test ", "━ Test ", "✘ Test "].contains(where: line.hasPrefix), let end = line.range(of: "() ")
            else {
                continue
            }
            let name = String(line[line.index(line.startIndex, offsetBy: 7)..<end.lowerBound])
            let outcome = line[end.upperBound...]
            if outcome.hasPrefix("failed after") { outcomes.failed.insert(name) }
            if outcome.hasPrefix("passed after") { outcomes.passed.insert(name) }
        }
        return outcomes
    }

    @Test func storedUnimplementedEndpointFailsTheTestThatCallsItNotTheOneThatMadeIt() async throws {
        let run = try await Self.outcomes(of: "StoredTestingValueFixtures")
        let callers: Set = [
            "callsTheEndpoint", "callsTheEndpointInItsValuesOnADispatchQueue",
            "callsTheEndpointInItsValuesOnADetachedTask",
        ]
        #expect(run.failed == callers, "\(run.child.summary)")
        #expect(run.passed == ["readsTheClientOnly"], "\(run.child.summary)")
    }

    @Test func readThroughAnObjectMadeInAnEarlierTestFailsTheTestThatReads() async throws {
        let run = try await Self.outcomes(of: "StoredReaderFixtures")
        #expect(run.failed == ["readsThroughTheReader"], "\(run.child.summary)")
        #expect(run.passed == ["makesTheReaderOnly"], "\(run.child.summary)")
    }

    @Test func knownIssueBlockCoversOnlyWhatHappensInsideIt() async throws {
        let run = try await Self.outcomes(of: "KnownIssueFixtures")
        let outside: Set = [
            "dispatchReadAfterTheBlock", "unimplementedCallAfterTheBlock", "asyncUnimplementedCallAfterTheBlock",
            "unimplementedCallOnADispatchQueueAfterTheBlock",
        ]
        #expect(run.failed == outside, "\(run.child.summary)")
        let inside: Set = ["readInsideTheBlock", "unimplementedCallInsideTheBlock", "dispatchReadInsideTheBlock"]
        #expect(run.passed == inside, "\(run.child.summary)")
    }

    @Test func xcTestMethodThatCallsAStoredUnimplementedEndpointFailsAtTheEndpointsDeclaration() async throws {
        let child = try await TestBinary.runXCTest("StoredTestingValueXCTestFixture")
        let output = child.output + child.errorOutput
        #expect(
            output.contains("Test Case 'StoredTestingValueXCTestFixture.test1ReadsTheClientOnly' passed"),
            "\(child.summary)")
        #expect(
            output.contains("Test Case 'StoredTestingValueXCTestFixture.test2CallsTheEndpoint' failed"),
            "\(child.summary)")
        let location = "FailureAttributionFixtures.swift:\(FeedClientKey.testingValueLine): error: "
        #expect(
            output.contains(location + "StoredTestingValueXCTestFixture.test2CallsTheEndpoint : Ambient: "),
            "\(child.summary)")
    }

    @Test func unimplementedCallWhereNoTestRunsSaysWhatIsTrueInThePreviewContext() async throws {
        let child = try await TestBinary.runSwiftTesting(
            suite: "NoTestRunningFixtures", environment: ["AMBIENT_CONTEXT": "preview"])
        #expect(child.status == 0, "\(child.summary)")
        #expect(
            child.errorOutput.contains(
                """
                Ambient: APIClient.count is unimplemented in the preview values (a key's previewValue is its \
                testingValue unless it declares one), and it was called.
                """),
            "\(child.summary)")
        #expect(!child.errorOutput.contains("this test called it"), "\(child.summary)")
    }

    @Test func expectedUnimplementedCallIsExactlyOneKnownIssue() async throws {
        let child = try await TestBinary.runSwiftTesting(suite: "ExpectedUnimplementedCallFixtures")
        #expect(child.status == 0, "\(child.summary)")
        let outcome = child.errorOutput.split(separator: "\n").first { $0.contains("Test expectsTheCall() passed") }
        #expect(outcome?.hasSuffix("with 1 known issue.") == true, "\(child.summary)")
    }
}

import Testing

/// Semantics: failures go to the running test. Work a test left running that fails after the test ended never fails
/// it, or any other test: it is a warning on standard error that names the test. And a known-issue block covers a
/// failure from another thread only when the test's latest read of its values, on its own task, was made inside it.
///
/// Each case runs a suite of `WorkAfterTheTestFixtures.swift` in a child run of this test binary.
@Suite(.enabled(if: TestBinary.canRunFixtures, "needs a test binary that runs its own tests (swift test on Linux)"))
struct WorkAfterTheTestTests {
    @Test func workThatFailsAfterItsTraitTestEndedIsAWarningNamingTheTest() async throws {
        let child = try await TestBinary.runSwiftTesting(suite: "WorkAfterTheTraitTestFixtures")
        #expect(child.status == 0, "\(child.summary)")
        #expect(child.errorOutput.contains("Test run with 3 tests in 1 suite passed"), "\(child.summary)")
        #expect(
            child.errorOutput.contains(
                """
                Ambient: after leavesADetachedCallOfAnUnimplementedEndpoint() ended, work it started reported:
                Ambient: APIClient.count is unimplemented in tests, and this test called it.
                """),
            "\(child.summary)")
        #expect(
            child.errorOutput.contains(
                """
                Ambient: after leavesATaskThatReadsAKeyWithoutTestingValue() ended, work it started reported:
                Ambient: LiveOnlyServiceKey has no testingValue
                """),
            "\(child.summary)")
    }

    /// What the Testing and Semantics articles say of a test without the trait: Swift Testing tells no one when it
    /// ends, so a failure its leftover work makes after it passed is still recorded as its issue, and fails the run.
    @Test func workThatFailsAfterItsPlainTestEndedIsStillThatTestsIssue() async throws {
        let child = try await TestBinary.runSwiftTesting(suite: "WorkAfterThePlainTestFixtures")
        #expect(child.status == 1, "\(child.summary)")
        for test in ["leavesADetachedCallOfAnUnimplementedEndpoint()", "leavesATaskThatReadsAKeyWithoutTestingValue()"]
        {
            #expect(child.errorOutput.contains("Test \(test) passed after"), "\(child.summary)")
            #expect(child.errorOutput.contains("Test \(test) recorded an issue"), "\(child.summary)")
        }
        #expect(!child.errorOutput.contains("Ambient: after "), "\(child.summary)")
    }

    @Test func awaitedDispatchWorkIsAKnownIssueWhenTheTestReadItsValuesInsideTheBlock() async throws {
        let child = try await TestBinary.runSwiftTesting("AwaitedDispatchWorkFixtures", "valuesCapturedInsideTheBlock")
        #expect(child.status == 0, "\(child.summary)")
        #expect(child.errorOutput.contains("passed after"), "\(child.summary)")
        #expect(child.errorOutput.contains("with 1 known issue"), "\(child.summary)")
    }

    @Test func awaitedDispatchWorkWithValuesReadBeforeTheBlockIsNotAKnownIssue() async throws {
        let child = try await TestBinary.runSwiftTesting("AwaitedDispatchWorkFixtures", "valuesCapturedBeforeTheBlock")
        #expect(child.status == 1, "\(child.summary)")
        #expect(child.errorOutput.contains("Known issue was not recorded"), "\(child.summary)")
        #expect(child.errorOutput.contains("Ambient: LiveOnlyServiceKey has no testingValue"), "\(child.summary)")
    }
}

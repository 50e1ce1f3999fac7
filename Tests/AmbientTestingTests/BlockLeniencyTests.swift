import Testing

/// Semantics: strict in tests. A `withTestDependencies(strictness: .lenient)` block is lenient for itself and what
/// runs inside it (its task and the tasks it starts), never for the rest of the test: four shapes were found in
/// which one lenient block made the whole test lenient for good.
///
/// Each case runs one fixture of `BlockLeniencyFixtures.swift` in a child run of this test binary.
@Suite(.enabled(if: TestBinary.canRunFixtures, "needs a test binary that runs its own tests (swift test on Linux)"))
struct BlockLeniencyTests {
    @Test(arguments: [
        "traitTestReadsAfterALenientBlock", "blockReadsAfterALenientBlockNestedInIt",
        "siblingTaskReadsWhileAnotherIsLenient",
    ])
    func readThatNoLenientBlockCoversFailsTheTest(fixture: String) async throws {
        let child = try await TestBinary.runSwiftTesting("BlockLeniencyFixtures", fixture)
        #expect(child.status == 1 && !child.wasKilled, "\(child.summary)")
        #expect(
            child.errorOutput.contains("Ambient: SecondLiveOnlyServiceKey has no testingValue"), "\(child.summary)")
        // The block's own read is a warning, once.
        #expect(child.errorOutput.contains("Ambient: LiveOnlyServiceKey has no testingValue"), "\(child.summary)")
    }

    @Test func readsInsideALenientBlockAndItsTasksAreWarnedAndPass() async throws {
        let child = try await TestBinary.runSwiftTesting("BlockLeniencyFixtures", "readsInsideALenientBlockOnly")
        #expect(child.status == 0, "\(child.summary)")
        #expect(
            child.errorOutput.contains("Ambient: SecondLiveOnlyServiceKey has no testingValue"), "\(child.summary)")
    }

    @Test func dependencyTestCaseMethodThatReadsAfterALenientBlockFails() async throws {
        let child = try await TestBinary.runXCTest("LenientBlockDependencyTestCaseFixture")
        #expect(child.output.contains("Executed 1 test, with 1 failure"), "\(child.summary)")
        #expect(child.output.contains("Ambient: SecondLiveOnlyServiceKey has no testingValue"), "\(child.summary)")
    }
}

import Testing

/// Where XCTest files a failure that no `@Dependency` locates (a direct read of a key with no testing value): on
/// Linux, XCTest knows no test's line, so without a location it showed the test's name at line 0.
@Suite(.enabled(if: TestBinary.canRunFixtures, "needs a test binary that runs its own tests (swift test on Linux)"))
struct XCTestFailureLocationTests {
    @Test func failureInAWithTestDependenciesBlockIsFiledAtTheBlock() async throws {
        try await expectFailures(
            of: "WithTestDependenciesXCTestFixture", filedAt: WithTestDependenciesXCTestFixture.lines)
    }

    /// A plain `XCTestCase` outside every `withTestDependencies` block: nothing but the stack names a line.
    @Test func directReadInAPlainXCTestCaseIsFiledAtTheRead() async throws {
        try await expectFailures(of: "DirectReadXCTestFixture", filedAt: DirectReadXCTestFixture.lines)
    }

    /// Runs the XCTest fixture class `fixture` and expects one failure per method, filed at the line given for it
    /// in `XCTestFailureLocationFixtures.swift`, and none at line 0.
    private func expectFailures(of fixture: String, filedAt lines: [(method: String, line: Int)]) async throws {
        let child = try await TestBinary.runXCTest(fixture)
        let output = child.output + child.errorOutput
        #expect(output.contains("Executed 2 tests, with 2 failures"), "\(child.summary)")
        let file = "AmbientTestingTests/XCTestFailureLocationFixtures.swift"
        for (method, line) in lines {
            let location = "\(file):\(line): error: \(fixture).\(method) : Ambient: "
            #expect(output.contains(location), "\(child.summary)")
        }
        #expect(!output.contains(":0: error:"), "\(child.summary)")
    }
}

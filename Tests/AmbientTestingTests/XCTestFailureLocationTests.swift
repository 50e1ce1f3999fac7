import Testing

/// Where XCTest files a failure that no `@Dependency` locates (a direct read of a key with no testing value): on
/// Linux, XCTest knows no test's line, so without a location it showed the test's name at line 0.
@Suite(.enabled(if: TestBinary.canRunFixtures, "needs a test binary that runs its own tests (swift test on Linux)"))
struct XCTestFailureLocationTests {
    @Test func failureInAWithTestDependenciesBlockIsFiledAtTheBlock() async throws {
        let child = try await TestBinary.runXCTest("WithTestDependenciesXCTestFixture")
        let output = child.output + child.errorOutput
        #expect(output.contains("Executed 2 tests, with 2 failures"), "\(child.summary)")
        let file = "AmbientTestingTests/XCTestFailureLocationFixtures.swift"
        for (method, line) in [
            ("test1ReadsInABlockWithOverrides", WithTestDependenciesXCTestFixture.blockLine),
            ("test2ReadsInABlockWithoutOverrides", WithTestDependenciesXCTestFixture.plainBlockLine),
        ] {
            let location = "\(file):\(line): error: WithTestDependenciesXCTestFixture.\(method) : Ambient: "
            #expect(output.contains(location), "\(child.summary)")
        }
        #expect(!output.contains(":0: error:"), "\(child.summary)")
    }
}

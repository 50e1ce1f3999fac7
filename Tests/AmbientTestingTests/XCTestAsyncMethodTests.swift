import Testing

/// Semantics: failures go to the running test. An `async` method of a plain `XCTestCase` runs on a task, off the main
/// thread; a failure there fails the method and says nothing of a detached task (every async XCTest failure once
/// said so).
@Suite(.enabled(if: TestBinary.canRunFixtures, "needs a test binary that runs its own tests (swift test on Linux)"))
struct XCTestAsyncMethodTests {
    @Test func plainXCTestCaseAsyncMethodFailsWithoutSayingItWasDetached() async throws {
        let child = try await TestBinary.runXCTest("PlainXCTestAsyncMethodFixture")
        #expect(child.output.contains("Executed 1 test, with 1 failure"), "\(child.summary)")
        #expect(child.output.contains("Ambient: APIClient.fetch is unimplemented in tests"), "\(child.summary)")
        #expect(!child.output.contains("This happened on"), "\(child.summary)")
    }
}

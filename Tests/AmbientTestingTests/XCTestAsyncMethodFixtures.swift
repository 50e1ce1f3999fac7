import AmbientTesting
import XCTest

// A test that fails on purpose, run only in a child process that names its class in `AMBIENT_FIXTURE` (see
// `XCTestAsyncMethodTests`).

/// A plain `XCTestCase` whose `async` method calls an unimplemented endpoint on its own task.
final class PlainXCTestAsyncMethodFixture: XCTestCase {
    override func perform(_ run: XCTestRun) { if Fixture.isSelected(self) { super.perform(run) } }

    func testCallsAnUnimplementedEndpoint() async {
        _ = try? await DependencyValues.current.apiClient.fetch(1)
    }
}

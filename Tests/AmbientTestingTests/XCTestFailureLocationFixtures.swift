import AmbientTesting
import XCTest

// Tests that fail on purpose, run only in a child process that names their class in `AMBIENT_FIXTURE` (see
// `XCTestFailureLocationTests`).

/// A plain `XCTestCase` whose methods read a key with no testing value inside `withTestDependencies`, where no
/// `@Dependency` tells where the read is.
final class WithTestDependenciesXCTestFixture: XCTestCase {
    override func perform(_ run: XCTestRun) { if Fixture.isSelected(self) { super.perform(run) } }

    /// Each method, and the line its failure is filed at: the `withTestDependencies` call.
    static let lines = [
        ("test1ReadsInABlockWithOverrides", blockLine), ("test2ReadsInABlockWithoutOverrides", plainBlockLine),
    ]

    static let blockLine = #line + 2
    func test1ReadsInABlockWithOverrides() {
        withTestDependencies {
            $0.context = .testing
        } operation: {
            _ = DependencyValues.current.liveOnlyService
        }
    }

    static let plainBlockLine = #line + 2
    func test2ReadsInABlockWithoutOverrides() {
        withTestDependencies {
            _ = DependencyValues.current.liveOnlyService
        }
    }
}

/// A plain `XCTestCase` whose methods read a key with no testing value outside every `withTestDependencies` block,
/// where neither a `@Dependency` nor a block tells where the read is.
final class DirectReadXCTestFixture: XCTestCase {
    override func perform(_ run: XCTestRun) { if Fixture.isSelected(self) { super.perform(run) } }

    /// Each method, and the line its failure is filed at: the read.
    static let lines = [("test1ReadsOnTheTestsThread", readLine), ("test2ReadsOnADispatchQueue", dispatchedReadLine)]

    static let readLine = #line + 2
    func test1ReadsOnTheTestsThread() {
        _ = DependencyValues.current.liveOnlyService
    }

    static let dispatchedReadLine = #line + 2
    func test2ReadsOnADispatchQueue() {
        onADispatchThread { _ = DependencyValues.current.liveOnlyService }
    }
}

import AmbientTesting
import Testing
import XCTest

// Tests that fail on purpose, each run only in a child process that names it in `AMBIENT_FIXTURE` (see
// `BlockLeniencyTests`): a lenient block, then a read that the block does not cover.

/// A second key with no testing value of its own, read where a lenient block no longer covers it.
enum SecondLiveOnlyServiceKey: DependencyKey {
    static var defaultValue: String { "second live service" }
}

extension DependencyValues {
    var secondLiveOnlyService: String { self[SecondLiveOnlyServiceKey.self] }
}

/// The four shapes a lenient block once leaked its leniency through, and a read inside the block only.
@Suite struct BlockLeniencyFixtures {
    @Test(Fixture.only("traitTestReadsAfterALenientBlock"), .dependencies)
    func traitTestReadsAfterALenientBlock() {
        withTestDependencies(strictness: .lenient, { _ in }) { _ = DependencyValues.current.liveOnlyService }
        _ = DependencyValues.current.secondLiveOnlyService
    }

    @Test(Fixture.only("blockReadsAfterALenientBlockNestedInIt"))
    func blockReadsAfterALenientBlockNestedInIt() {
        withTestDependencies {
            withTestDependencies(strictness: .lenient, { _ in }) { _ = DependencyValues.current.liveOnlyService }
            _ = DependencyValues.current.secondLiveOnlyService
        }
    }

    @Test(Fixture.only("siblingTaskReadsWhileAnotherIsLenient"), .dependencies)
    func siblingTaskReadsWhileAnotherIsLenient() async {
        async let lenient: Void = withTestDependencies(strictness: .lenient, { _ in }) {
            _ = DependencyValues.current.liveOnlyService
        }
        async let strict = DependencyValues.current.secondLiveOnlyService
        _ = await (lenient, strict)
    }

    @Test(Fixture.only("readsInsideALenientBlockOnly"), .dependencies)
    func readsInsideALenientBlockOnly() async {
        await withTestDependencies(strictness: .lenient, { _ in }) {
            await Task.yield()
            _ = DependencyValues.current.liveOnlyService
            _ = await Task { DependencyValues.current.secondLiveOnlyService }.value
        }
    }
}

/// A `DependencyTestCase` method that reads after a lenient block.
final class LenientBlockDependencyTestCaseFixture: DependencyTestCase {
    override func perform(_ run: XCTestRun) { if Fixture.isSelected(self) { super.perform(run) } }

    func testReadsAfterALenientBlock() {
        withTestDependencies(strictness: .lenient, { _ in }) { _ = DependencyValues.current.liveOnlyService }
        _ = DependencyValues.current.secondLiveOnlyService
    }
}

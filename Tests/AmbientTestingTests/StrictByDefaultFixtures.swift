import AmbientTesting
import Dispatch
import Foundation
import Testing
import XCTest

// Tests that fail on purpose, each run only in a child process that names it in `AMBIENT_FIXTURE` (see
// `StrictByDefaultTests`, which checks how each child ended). In an ordinary run the Swift Testing ones are skipped
// with a note that says they are fixtures, and the XCTest ones do not run at all.

/// Swift Testing tests with no trait and no base class, as a new user writes them.
@Suite struct StrictByDefaultFixtures {
    @Test(Fixture.only("plainTestReadsAKeyWithoutTestingValue"))
    func plainTestReadsAKeyWithoutTestingValue() {
        #expect(DependencyValues.current.liveOnlyService == "live service")
    }

    @Test(Fixture.only("plainTestReadsAKeyThatDeclaresItsTestingValue"))
    func plainTestReadsAKeyThatDeclaresItsTestingValue() {
        #expect(DependencyValues.current[FormatterKey.self] == "formatter")
    }

    @Test(
        Fixture.only("lenientTestReadsAKeyWithoutTestingValue"),
        .dependencies(strictness: .lenient)
    )
    func lenientTestReadsAKeyWithoutTestingValue() {
        #expect(DependencyValues.current.liveOnlyService == "live service")
    }

    @Test(Fixture.only("plainTestCallsAnUnimplementedEndpoint"))
    func plainTestCallsAnUnimplementedEndpoint() {
        #expect(DependencyValues.current.apiClient.count() == -1)
    }

    @Test(Fixture.only("plainTestReadsInItsValuesOnADispatchQueue"))
    func plainTestReadsInItsValuesOnADispatchQueue() {
        readLiveOnlyServiceOnADispatchThread(in: DependencyValues.current)
    }

    @Test(Fixture.only("plainTestReadsOnADetachedTaskWithoutItsValues"))
    func plainTestReadsOnADetachedTaskWithoutItsValues() async {
        #expect(await Task.detached { DependencyValues.current.client.name }.value == "testing")
    }

    @Test(
        Fixture.only("traitTestReadsOnAnotherThread"),
        .dependencies { $0.client = Client("trait") }
    )
    func traitTestReadsOnAnotherThread() {
        readLiveOnlyServiceOnADispatchThread(in: DependencyValues.current)
    }
}

/// Leftover work in Swift Testing: the first test's `Task` reads after the test returned.
@Suite(.serialized, Fixture.only("LeftoverTaskFixtures"))
struct LeftoverTaskFixtures {
    @Test func test1() { startWorkThatReadsAUUIDLater() }

    @Test func test2() async {
        #expect(await firstUUIDAfterTheLeftoverWorkRan() == "00000000-0000-0000-0000-000000000000")
    }
}

/// The same, with the `.dependencies` trait.
@Suite(.serialized, .dependencies, Fixture.only("LeftoverTaskTraitFixtures"))
struct LeftoverTaskTraitFixtures {
    @Test func test1() { startWorkThatReadsAUUIDLater() }

    @Test func test2() async {
        #expect(await firstUUIDAfterTheLeftoverWorkRan() == "00000000-0000-0000-0000-000000000000")
    }
}

/// Signalled by the second test once it runs: the first test has ended, and its leftover work may read.
private let secondTestStarted = DispatchSemaphore(value: 0)

/// Signalled once the first test's leftover work has read.
private let leftoverWorkRead = DispatchSemaphore(value: 0)

/// The first test: starts a `Task` that reads a UUID after the test returned: once the second test runs.
private func startWorkThatReadsAUUIDLater() {
    Task {
        await waitOffTheTaskPool(for: secondTestStarted)
        _ = DependencyValues.current.uuid()
        leftoverWorkRead.signal()
    }
}

/// The second test: lets the first test's leftover work read, waits until it has (a sleep would not do: a busy
/// machine may not honour it), then takes its first UUID.
///
/// NB: blocks its thread, which is XCTest's main thread, never one of the task pool that the leftover work needs.
private func firstUUIDAfterTheLeftoverWorkRan() -> String {
    secondTestStarted.signal()
    leftoverWorkRead.wait()
    return DependencyValues.current.uuid().uuidString
}

/// The same, for a Swift Testing test, which runs on the task pool: it waits off the pool, where the leftover task
/// that it waits for can always run.
private func firstUUIDAfterTheLeftoverWorkRan() async -> String {
    secondTestStarted.signal()
    await waitOffTheTaskPool(for: leftoverWorkRead)
    return DependencyValues.current.uuid().uuidString
}
/// A plain XCTest method reading a key without a testing value.
final class PlainXCTestMissingValueFixture: XCTestCase {
    override func perform(_ run: XCTestRun) { if Fixture.isSelected(self) { super.perform(run) } }

    func testReadsAKeyWithoutTestingValue() {
        XCTAssertEqual(DependencyValues.current.liveOnlyService, "live service")
    }
}

/// A plain XCTest method whose Dispatch block reads a key without a testing value.
final class PlainXCTestDispatchMissingValueFixture: XCTestCase {
    override func perform(_ run: XCTestRun) { if Fixture.isSelected(self) { super.perform(run) } }

    func testDispatchReadOfAKeyWithoutTestingValue() {
        onADispatchThread { _ = DependencyValues.current.liveOnlyService }
    }
}

/// A plain XCTest method reading a key that declares its testing value.
final class PlainXCTestDeclaredValueFixture: XCTestCase {
    override func perform(_ run: XCTestRun) { if Fixture.isSelected(self) { super.perform(run) } }

    func testReadsAKeyThatDeclaresItsTestingValue() {
        XCTAssertEqual(DependencyValues.current[FormatterKey.self], "formatter")
    }
}

/// Leftover work, as a `DependencyTestCase`.
final class LeftoverDependencyTestCaseFixture: DependencyTestCase {
    override func perform(_ run: XCTestRun) { if Fixture.isSelected(self) { super.perform(run) } }

    func test1() { startWorkThatReadsAUUIDLater() }

    func test2() { XCTAssertEqual(firstUUIDAfterTheLeftoverWorkRan(), "00000000-0000-0000-0000-000000000000") }
}

/// The same leftover work in a plain `XCTestCase`, which nothing wraps: what the Testing article documents.
final class LeftoverPlainXCTestCaseFixture: XCTestCase {
    override func perform(_ run: XCTestRun) { if Fixture.isSelected(self) { super.perform(run) } }

    func test1() { startWorkThatReadsAUUIDLater() }

    func test2() {
        // The leftover read found no values of its own and used the running method's: this method's first UUID.
        XCTAssertEqual(firstUUIDAfterTheLeftoverWorkRan(), "00000000-0000-0000-0000-000000000001")
    }
}

/// A `DependencyTestCase` whose Dispatch block reads a key without a testing value.
final class DispatchMissingValueFixture: DependencyTestCase {
    override func perform(_ run: XCTestRun) { if Fixture.isSelected(self) { super.perform(run) } }

    func testDispatchReadOfAKeyWithoutTestingValue() {
        onADispatchThread { _ = DependencyValues.current.liveOnlyService }
    }
}

/// A lenient `DependencyTestCase`.
final class LenientDependencyTestCaseFixture: DependencyTestCase {
    override var dependencyStrictness: DependencyStrictness { .lenient }
    override func perform(_ run: XCTestRun) { if Fixture.isSelected(self) { super.perform(run) } }

    func testReadsAKeyWithoutTestingValue() {
        XCTAssertEqual(DependencyValues.current.liveOnlyService, "live service")
    }
}

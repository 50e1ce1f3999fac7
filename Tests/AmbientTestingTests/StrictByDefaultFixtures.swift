import AmbientTesting
import Dispatch
import Foundation
import Testing
import XCTest

// Tests that fail on purpose, each run only in a child process that names it in `AMBIENT_FIXTURE` (see
// `StrictByDefaultTests`, which checks how each child ended). In an ordinary run every one of them is skipped.

/// Swift Testing tests with no trait and no base class, as a new user writes them.
@Suite struct StrictByDefaultFixtures {
    @Test(.enabled(if: Fixture.isSelected("plainTestReadsAKeyWithoutTestingValue")))
    func plainTestReadsAKeyWithoutTestingValue() {
        #expect(DependencyValues.current.liveOnlyService == "live service")
    }

    @Test(.enabled(if: Fixture.isSelected("plainTestReadsAKeyThatDeclaresItsTestingValue")))
    func plainTestReadsAKeyThatDeclaresItsTestingValue() {
        #expect(DependencyValues.current[FormatterKey.self] == "formatter")
    }

    @Test(
        .enabled(if: Fixture.isSelected("lenientTestReadsAKeyWithoutTestingValue")),
        .dependencies(strictness: .lenient)
    )
    func lenientTestReadsAKeyWithoutTestingValue() {
        #expect(DependencyValues.current.liveOnlyService == "live service")
    }

    @Test(.enabled(if: Fixture.isSelected("plainTestCallsAnUnimplementedEndpoint")))
    func plainTestCallsAnUnimplementedEndpoint() {
        #expect(DependencyValues.current.apiClient.count() == -1)
    }

    @Test(.enabled(if: Fixture.isSelected("plainTestReadsInItsValuesOnADispatchQueue")))
    func plainTestReadsInItsValuesOnADispatchQueue() {
        readLiveOnlyServiceOnADispatchThread(in: DependencyValues.current)
    }

    @Test(.enabled(if: Fixture.isSelected("plainTestReadsOnADetachedTaskWithoutItsValues")))
    func plainTestReadsOnADetachedTaskWithoutItsValues() async {
        #expect(await Task.detached { DependencyValues.current.client.name }.value == "testing")
    }

    @Test(
        .enabled(if: Fixture.isSelected("traitTestReadsOnAnotherThread")),
        .dependencies { $0.client = Client("trait") }
    )
    func traitTestReadsOnAnotherThread() {
        readLiveOnlyServiceOnADispatchThread(in: DependencyValues.current)
    }
}

/// The leftover-work case of issue 22 in Swift Testing: the first test's `Task` reads after the test returned.
@Suite(.serialized, .enabled(if: Fixture.isSelected("LeftoverTaskFixtures")))
struct LeftoverTaskFixtures {
    @Test func test1() { startWorkThatReadsAUUIDLater() }

    @Test func test2() { #expect(firstUUIDAfterTheLeftoverWorkRan() == "00000000-0000-0000-0000-000000000000") }
}

/// The same, with the `.dependencies` trait.
@Suite(.serialized, .dependencies, .enabled(if: Fixture.isSelected("LeftoverTaskTraitFixtures")))
struct LeftoverTaskTraitFixtures {
    @Test func test1() { startWorkThatReadsAUUIDLater() }

    @Test func test2() { #expect(firstUUIDAfterTheLeftoverWorkRan() == "00000000-0000-0000-0000-000000000000") }
}

/// Signalled once the first test's leftover work has read.
private let leftoverWorkRead = DispatchSemaphore(value: 0)

/// Issue 22's first test: starts a `Task` that reads a UUID after the test returned.
private func startWorkThatReadsAUUIDLater() {
    Task {
        try? await Task.sleep(nanoseconds: 300_000_000)
        _ = DependencyValues.current.uuid()
        leftoverWorkRead.signal()
    }
}

/// Issue 22's second test: waits until the first test's leftover work has read (issue 22 sleeps 0.8 s; a busy
/// machine may take longer), then takes its first UUID.
private func firstUUIDAfterTheLeftoverWorkRan() -> String {
    _ = leftoverWorkRead.wait(timeout: .now() + 20)
    return DependencyValues.current.uuid().uuidString
}

/// Skips every method of the class unless the child runs it.
private func skipUnlessSelected(_ testCase: XCTestCase) throws {
    let name = String(describing: type(of: testCase))
    try XCTSkipUnless(Fixture.isSelected(name), "a fixture: run by StrictByDefaultTests in a child process")
}

/// A plain XCTest method reading a key without a testing value.
final class PlainXCTestMissingValueFixture: XCTestCase {
    override func setUpWithError() throws { try skipUnlessSelected(self) }

    func testReadsAKeyWithoutTestingValue() {
        XCTAssertEqual(DependencyValues.current.liveOnlyService, "live service")
    }
}

/// A plain XCTest method whose Dispatch block reads a key without a testing value.
final class PlainXCTestDispatchMissingValueFixture: XCTestCase {
    override func setUpWithError() throws { try skipUnlessSelected(self) }

    func testDispatchReadOfAKeyWithoutTestingValue() {
        onADispatchThread { _ = DependencyValues.current.liveOnlyService }
    }
}

/// A plain XCTest method reading a key that declares its testing value.
final class PlainXCTestDeclaredValueFixture: XCTestCase {
    override func setUpWithError() throws { try skipUnlessSelected(self) }

    func testReadsAKeyThatDeclaresItsTestingValue() {
        XCTAssertEqual(DependencyValues.current[FormatterKey.self], "formatter")
    }
}

/// The leftover-work case of issue 22, as a `DependencyTestCase`.
final class LeftoverDependencyTestCaseFixture: DependencyTestCase {
    override func setUpWithError() throws { try skipUnlessSelected(self) }

    func test1() { startWorkThatReadsAUUIDLater() }

    func test2() { XCTAssertEqual(firstUUIDAfterTheLeftoverWorkRan(), "00000000-0000-0000-0000-000000000000") }
}

/// The same leftover work in a plain `XCTestCase`, which nothing wraps: what the Testing article documents.
final class LeftoverPlainXCTestCaseFixture: XCTestCase {
    override func setUpWithError() throws { try skipUnlessSelected(self) }

    func test1() { startWorkThatReadsAUUIDLater() }

    func test2() {
        // The leftover read found no values of its own and used the running method's: this method's first UUID.
        XCTAssertEqual(firstUUIDAfterTheLeftoverWorkRan(), "00000000-0000-0000-0000-000000000001")
    }
}

/// A `DependencyTestCase` whose Dispatch block reads a key without a testing value.
final class DispatchMissingValueFixture: DependencyTestCase {
    override func setUpWithError() throws { try skipUnlessSelected(self) }

    func testDispatchReadOfAKeyWithoutTestingValue() {
        onADispatchThread { _ = DependencyValues.current.liveOnlyService }
    }
}

/// A lenient `DependencyTestCase`.
final class LenientDependencyTestCaseFixture: DependencyTestCase {
    override var dependencyStrictness: DependencyStrictness { .lenient }
    override func setUpWithError() throws { try skipUnlessSelected(self) }

    func testReadsAKeyWithoutTestingValue() {
        XCTAssertEqual(DependencyValues.current.liveOnlyService, "live service")
    }
}

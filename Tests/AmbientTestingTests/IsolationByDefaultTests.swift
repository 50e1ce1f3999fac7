import AmbientTesting
import Foundation
import Testing
import XCTest

// Semantics: isolation by default. With AmbientTesting linked, every Swift Testing test and every XCTest method gets
// its own root of testing values with no trait and no base class. This file imports only AmbientTesting (and the test
// frameworks): Ambient's names come with it.

/// A store whose count shows whether a test got a fresh instance.
final class VisitCounter: Sendable {
    private let count = _Locked(0)
    /// Counts one visit and returns the count so far.
    func visit() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }
}

enum VisitCounterKey: DependencyKey {
    static var defaultValue: VisitCounter { VisitCounter() }
    static var testingValue: VisitCounter { VisitCounter() }
}

extension DependencyValues {
    var visitCounter: VisitCounter { self[VisitCounterKey.self] }
}

/// What every isolated test sees: two UUIDs from zero and a count of one.
func readsOfAFreshRoot() -> (first: String, second: String, count: Int) {
    let first = DependencyValues.current.uuid().uuidString
    let second = DependencyValues.current.uuid().uuidString
    return (first, second, DependencyValues.current.visitCounter.visit())
}

let firstUUID = "00000000-0000-0000-0000-000000000000"
let secondUUID = "00000000-0000-0000-0000-000000000001"

@Suite struct IsolationByDefaultTests {
    // These two may run at the same time as each other, or not: each starts from zero either way.
    @Test func firstTestWithoutATraitStartsFromZero() {
        let reads = readsOfAFreshRoot()
        #expect(reads.first == firstUUID)
        #expect(reads.second == secondUUID)
        #expect(reads.count == 1)
    }

    @Test func secondTestWithoutATraitStartsFromZeroToo() {
        let reads = readsOfAFreshRoot()
        #expect(reads.first == firstUUID)
        #expect(reads.second == secondUUID)
        #expect(reads.count == 1)
    }

    @Test(arguments: [1, 2, 3])
    func everyCaseOfAParameterizedTestHasItsOwnRoot(case: Int) {
        let reads = readsOfAFreshRoot()
        #expect(reads.first == firstUUID)
        #expect(reads.count == 1)
    }

    @Test func childTasksShareTheTestsRoot() async {
        let parent = DependencyValues.current.visitCounter
        let child = await Task { DependencyValues.current.visitCounter }.value
        #expect(parent === child)
    }

    @Test func theTestingContextIsDetectedBecauseATestFrameworkRuns() {
        #expect(DependencyContext.current == .testing)
        #expect(DependencyValues.current.context == .testing)
    }
}

final class IsolationByDefaultXCTests: XCTestCase {
    func testFirstMethodWithoutABaseClassStartsFromZero() {
        let reads = readsOfAFreshRoot()
        XCTAssertEqual(reads.first, firstUUID)
        XCTAssertEqual(reads.second, secondUUID)
        XCTAssertEqual(reads.count, 1)
    }

    func testSecondMethodWithoutABaseClassStartsFromZeroToo() {
        let reads = readsOfAFreshRoot()
        XCTAssertEqual(reads.first, firstUUID)
        XCTAssertEqual(reads.second, secondUUID)
        XCTAssertEqual(reads.count, 1)
    }
}

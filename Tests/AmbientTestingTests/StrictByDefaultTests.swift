import Foundation
import Testing

/// Semantics: strict in tests, and leftover work stays with its test. With AmbientTesting linked, a test that reads a
/// key without a testing value fails, with no trait and no base class, and work a test leaves behind keeps its own
/// test's values.
///
/// Each case runs one fixture of `StrictByDefaultFixtures.swift` in a child run of this test binary and checks how
/// the child ended — its exit status, not what it printed — since a fixture that must fail cannot fail here.
@Suite(.enabled(if: TestBinary.canRunFixtures, "needs a test binary that runs its own tests (swift test on Linux)"))
struct StrictByDefaultTests {
    static let suite = "StrictByDefaultFixtures"

    @Test(arguments: [
        ("plainTestReadsAKeyWithoutTestingValue", true),
        ("plainTestReadsAKeyThatDeclaresItsTestingValue", false),
        ("plainTestCallsAnUnimplementedEndpoint", true),
        ("plainTestReadsInItsValuesOnADispatchQueue", true),
        ("traitTestReadsOnAnotherThread", true),
    ])
    func swiftTestingTestFailsExactlyWhenItReadsAKeyWithoutTestingValue(fixture: String, fails: Bool) async throws {
        // With no trait: a key without a testing value, on the test's task or in its values on a Dispatch queue, and
        // an unimplemented endpoint fail the test; a key that declares its testing value does not.
        let child = try await TestBinary.runSwiftTesting(Self.suite, fixture)
        #expect(child.status == (fails ? 1 : 0) && !child.wasKilled, "\(child.summary)")
    }

    @Test func lenientTestThatReadsAKeyWithoutTestingValuePassesAndIsWarned() async throws {
        let child = try await TestBinary.runSwiftTesting(Self.suite, "lenientTestReadsAKeyWithoutTestingValue")
        #expect(child.status == 0, "\(child.summary)")
        #expect(child.errorOutput.contains("Ambient: LiveOnlyServiceKey has no testingValue"), "\(child.summary)")
    }

    @Test func readThatReachesTheProcessesValuesDuringATestIsReportedNamingTheKeyAndTheFix() async throws {
        let child = try await TestBinary.runSwiftTesting(Self.suite, "plainTestReadsOnADetachedTaskWithoutItsValues")
        #expect(child.status == 0, "\(child.summary)")
        #expect(
            child.errorOutput.contains(
                "Ambient: ClientKey was read outside every test's dependency values, on a thread or task that carries "
                    + "none"),
            "\(child.summary)")
        #expect(child.errorOutput.contains("run the work in `withDependencies(values) { ... }`."), "\(child.summary)")
    }

    @Test(arguments: ["LeftoverTaskFixtures", "LeftoverTaskTraitFixtures"])
    func leftoverTaskOfASwiftTestingTestNeverChangesTheNextTestsUUIDs(suite: String) async throws {
        let child = try await TestBinary.runSwiftTesting(suite: suite)
        #expect(child.status == 0, "\(child.summary)")
        #expect(child.errorOutput.contains("Test run with 2 tests in 1 suite passed"), "\(child.summary)")
    }

    @Test(arguments: [
        ("PlainXCTestMissingValueFixture", "Executed 1 test, with 1 failure"),
        ("PlainXCTestDispatchMissingValueFixture", "Executed 1 test, with 1 failure"),
        ("PlainXCTestDeclaredValueFixture", "Executed 1 test, with 0 failures"),
        ("DispatchMissingValueFixture", "Executed 1 test, with 1 failure"),
        ("LenientDependencyTestCaseFixture", "Executed 1 test, with 0 failures"),
    ])
    func xcTestMethodFailsExactlyWhenItReadsAKeyWithoutTestingValueStrictly(
        fixture: String,
        outcome: String
    ) async throws {
        // A plain XCTestCase (on its thread or a Dispatch queue) and a DependencyTestCase read on a Dispatch queue
        // fail; a declared testing value and a lenient DependencyTestCase pass.
        let child = try await TestBinary.runXCTest(fixture)
        let fails = outcome.hasSuffix("1 failure")
        #expect((child.status != 0) == fails && !child.wasKilled, "\(child.summary)")
        #expect(child.output.contains(outcome), "\(child.summary)")
    }

    @Test func leftoverTaskOfADependencyTestCaseReadsItsOwnMethodsValuesAndIsReported() async throws {
        let child = try await TestBinary.runXCTest("LeftoverDependencyTestCaseFixture")
        #expect(child.status == 0, "\(child.summary)")
        #expect(child.output.contains("Executed 2 tests, with 0 failures"), "\(child.summary)")
        #expect(
            child.errorOutput.contains(
                "Ambient: after LeftoverDependencyTestCaseFixture.test1 ended, work it started read UUIDGeneratorKey."),
            "\(child.summary)")
    }

    @Test func leftoverTaskOfAPlainXCTestCaseReadsTheMethodThatRunsThen() async throws {
        // The limit the Testing article documents for a test case that no base class wraps.
        let child = try await TestBinary.runXCTest("LeftoverPlainXCTestCaseFixture")
        #expect(child.status == 0, "\(child.summary)")
        #expect(child.output.contains("Executed 2 tests, with 0 failures"), "\(child.summary)")
    }
}

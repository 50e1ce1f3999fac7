import Ambient
import Testing

@testable import AmbientTesting

/// Semantics: a first read after the end belongs to the reader. A value that outlived its test builds what it did not
/// read while the test ran for itself, once, and the read that creates it names the test; neither the heir every
/// ended test shares nor the process's values see it.
struct EndedTestsHeirTests {
    @Test func valueThatOutlivedItsTestBuildsWhatItReadsForItselfAndNamesItsTest() {
        let captured = CapturedFailures()
        let reporter = captured.reporter(testName: "test1")
        let keeper = withDependencies(EndedTestsHeir.freshRoot(reporter: reporter)) {
            DependencyValues.current[ValuesKeeperKey.self]
        }
        reporter.finish()
        // Only the keeper's values, which hold their root weakly, are left of the test's root: it was freed.
        let first = keeper.values[HeirProbeKey.self]
        let second = keeper.values[HeirProbeKey.self]
        #expect(first === second)
        #expect(withDependencies(EndedTestsHeir.values) { DependencyValues.current[HeirProbeKey.self] } !== first)
        #expect(DependencyValues()[HeirProbeKey.self] !== first)
        #expect(
            captured.late == [
                """
                Ambient: after test1 ended, work it started read HeirProbeKey. The read got test1's own values, so \
                no other test is affected, but no test checks that work any more: wait for it (or cancel it) before \
                the test returns.

                """
            ])
        #expect(captured.messages.isEmpty)
    }
}

/// A default that keeps the values it was created from.
private struct ValuesKeeper: Sendable {
    let values = DependencyValues.current
}

private enum ValuesKeeperKey: DependencyKey {
    static var defaultValue: ValuesKeeper { ValuesKeeper() }
    static var testingValue: ValuesKeeper { ValuesKeeper() }
}

private final class HeirProbe: Sendable {}

private enum HeirProbeKey: DependencyKey {
    static var defaultValue: HeirProbe { HeirProbe() }
    static var testingValue: HeirProbe { HeirProbe() }
}

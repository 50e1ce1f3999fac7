import Foundation
import Testing

@testable import Ambient

/// DESIGN §4.8: reading a key without a testing value of its own in the testing context is never silent.
@Suite struct MissingTestingValueTests {
    @Test func readingAKeyWithoutTestingValueIsReportedWithTheFix() {
        let log = collectingReports {
            withFreshRoot { _ = DependencyValues.current.liveOnly }
        }
        #expect(log.kinds == [.missingTestingValue])
        #expect(
            log.messages == [
                """
                Ambient: LiveOnlyKey has no testingValue, so this test uses its defaultValue (the live value). Give \
                LiveOnlyKey a `static var testingValue`, override it for the test (`withDependencies { \
                $0[LiveOnlyKey.self] = ... }`), or, when the live value is safe in tests, declare `static var \
                testingValue: Value { defaultValue }`.
                """
            ]
        )
    }

    @Test func reportIsMadeOncePerRootNotPerRead() {
        let log = collectingReports {
            withFreshRoot {
                _ = DependencyValues.current.liveOnly
                _ = DependencyValues.current.liveOnly
            }
        }
        #expect(log.messages.count == 1)
    }

    @Test func keyWithItsOwnTestingValueIsNotReported() {
        let log = collectingReports {
            withFreshRoot {
                _ = DependencyValues.current.service
                _ = DependencyValues.current[TestingOnlyKey.self]
            }
        }
        #expect(log.messages.isEmpty)
    }

    @Test func keyThatChoseItsDefaultForTestsIsNotReported() {
        let log = collectingReports {
            withFreshRoot { #expect(DependencyValues.current[PureKey.self] == 42) }
        }
        #expect(log.messages.isEmpty)
    }

    @Test func overriddenKeyIsNotReported() {
        let log = collectingReports {
            withFreshRoot {
                withDependencies {
                    $0.liveOnly = "stub"
                } operation: {
                    _ = DependencyValues.current.liveOnly
                }
            }
        }
        #expect(log.messages.isEmpty)
    }

    @Test(arguments: [DependencyContext.default, .preview])
    func otherContextsAreNotReported(context: DependencyContext) {
        let log = collectingReports {
            withFreshRoot(context) { _ = DependencyValues.current.liveOnly }
        }
        #expect(log.messages.isEmpty)
    }

    @Test func withoutAReporterTheWarningIsPrintedOncePerKey() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            withDependencies(DependencyValues(storage: Storage(root: Root(context: .testing)))) {
                _ = DependencyValues.current.liveOnly
            }
            withDependencies(DependencyValues(storage: Storage(root: Root(context: .testing)))) {
                _ = DependencyValues.current.liveOnly
            }
        }
        let text = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(text.components(separatedBy: "LiveOnlyKey has no testingValue").count == 2)
    }
}

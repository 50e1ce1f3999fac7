import Foundation
import Testing

@testable import Ambient

/// Semantics: strict in tests. Reading a key without a testing value of its own in the testing context is never silent.
@Suite struct MissingTestingValueTests {
    @Test func readingAKeyWithoutTestingValueIsReportedWithTheFix() {
        let log = collectingReports {
            withFreshRoot { _ = DependencyValues.current.liveOnly }
        }
        #expect(log.kinds == [.missingTestingValue])
        #expect(
            log.messages == [
                """
                Ambient: LiveOnlyKey has no testingValue, so this test read its defaultValue (the live value). \
                Set the DependencyValues property that reads LiveOnlyKey in the test (in `withDependencies` or the \
                test's `.dependencies` trait), or give LiveOnlyKey a `static var testingValue`; declare `static var \
                testingValue: Value { defaultValue }` when the live value is safe in tests.
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
            withDependencies(DependencyValues(storage: ScopeNode(root: Root(context: .testing)))) {
                _ = DependencyValues.current.liveOnly
            }
            withDependencies(DependencyValues(storage: ScopeNode(root: Root(context: .testing)))) {
                _ = DependencyValues.current.liveOnly
            }
        }
        let text = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(text.components(separatedBy: "LiveOnlyKey has no testingValue").count == 2)
    }

    /// A reader of the live-only key through a `DependencyValues` property, declared on a known line.
    struct LiveOnlyReader: Sendable {
        @Dependency(\.liveOnly) var value  // the line the reports name
    }

    /// A reader of a live-only type key.
    struct TypeKeyReader: Sendable {
        @Dependency(LiveOnlyTypeKey.self) var value
    }

    @Test func readThroughAPropertySuggestsOverridingThatProperty() throws {
        let log = collectingReports {
            withFreshRoot { _ = LiveOnlyReader().value }
        }
        let message = try #require(log.messages.first)
        #expect(message.contains("(`withDependencies { $0.liveOnly = ... }` or `.dependencies { $0.liveOnly = ... }`)"))
        #expect(!message.contains("<property>"))
        #expect(
            message.contains(
                "so this test read its defaultValue (the live value) through the @Dependency declared at "
                    + "AmbientTests/MissingTestingValueTests.swift:88."))
    }

    @Test func readThroughATypeKeySuggestsItsSubscript() throws {
        let log = collectingReports {
            withFreshRoot { _ = TypeKeyReader().value }
        }
        let message = try #require(log.messages.first)
        #expect(message.contains("`withDependencies { $0[LiveOnlyTypeKey.self] = ... }`"))
    }

    @Test func reportNamesTheDeclarationOfTheDependencyThatRead() throws {
        let log = collectingReports {
            withFreshRoot { _ = LiveOnlyReader().value }
        }
        let site = try #require(log.sites.first ?? nil)
        #expect(site.fileID == "AmbientTests/MissingTestingValueTests.swift")
        #expect(site.filePath.hasSuffix("Tests/AmbientTests/MissingTestingValueTests.swift"))
        #expect(site.line == 88)
    }

    @Test func objectCreatedOutsideTheOverridingScopeIsToldHowToMoveIntoIt() throws {
        let log = collectingReports {
            withFreshRoot {
                let reader = LiveOnlyReader()  // outside the scope: keeps the root's values
                withDependencies {
                    $0.liveOnly = "stub"
                } operation: {
                    _ = reader.value
                }
            }
        }
        let message = try #require(log.messages.first)
        #expect(
            message.hasSuffix(
                """
                The current scope does override LiveOnlyKey, but the @Dependency declared at \
                AmbientTests/MissingTestingValueTests.swift:88 belongs to an object created outside that scope, and \
                an object keeps the values it was created with. Create the object inside the scope: \
                `withDependencies { $0.liveOnly = ... } operation: { MyObject() }`.
                """
            ))
    }
}

/// A type key with only a live value.
struct LiveOnlyTypeKey: DependencyKey, Sendable {
    static var defaultValue: LiveOnlyTypeKey { LiveOnlyTypeKey() }
}

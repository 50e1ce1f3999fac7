import Ambient
import Testing

@testable import AmbientTesting

/// What a test root reports: the exact failures a strict test gets, caught here so that this suite passes (that
/// they fail a real test is `StrictByDefaultTests`' job).
@Suite struct StrictModeTests {
    @Test func readingAKeyWithoutTestingValueFailsTheTestWithTheFix() {
        let failures = capturingFailures {
            #expect(DependencyValues.current.liveOnlyService == "live service")
        }
        #expect(
            failures.messages == [
                """
                Ambient: LiveOnlyServiceKey has no testingValue, so this test read its defaultValue (the live value). \
                Set the DependencyValues property that reads LiveOnlyServiceKey in the test (in `withDependencies` \
                or the test's `.dependencies` trait), or give LiveOnlyServiceKey a `static var testingValue`; declare \
                `static var testingValue: Value { defaultValue }` when the live value is safe in tests.
                """
            ])
    }

    @Test func keyThatChoseItsDefaultForTestsIsNeverReported() {
        let failures = capturingFailures {
            #expect(DependencyValues.current[FormatterKey.self] == "formatter")
        }
        #expect(failures.messages.isEmpty)
    }

    @Test func overriddenKeyIsNotReported() {
        let failures = capturingFailures({ $0.liveOnlyService = "stub" }) {
            #expect(DependencyValues.current.liveOnlyService == "stub")
        }
        #expect(failures.messages.isEmpty)
    }

    @Test func lenientReporterLeavesMissingTestingValuesAndUnimplementedCallsToTheWarning() {
        // What a lenient test then prints and that it passes: StrictByDefaultTests, in a child process.
        let reporter = CapturedFailures().reporter()
        #expect(reporter.handles(.missingTestingValue) && reporter.handles(.unimplemented))
        reporter.strictness = .lenient
        #expect(!reporter.handles(.missingTestingValue))
        #expect(!reporter.handles(.unimplemented))
        #expect(reporter.handles(.misuse))
    }

    @Test func unimplementedThrowingEndpointFailsTheTestAndThrows() async {
        let failures = await capturingFailures {
            await #expect(throws: UnimplementedEndpointError(endpoint: "APIClient.fetch")) {
                _ = try await DependencyValues.current.apiClient.fetch(1)
            }
        }
        #expect(
            failures.messages == [
                """
                Ambient: APIClient.fetch is unimplemented in tests, and this test called it. Override it for the \
                test, for example `withDependencies { $0.<client>.<endpoint> = { ... } }`, or in the test's \
                `.dependencies { }` trait.
                """
            ])
    }

    @Test func unimplementedEndpointWithAPlaceholderFailsTheTestAndReturnsIt() {
        let failures = capturingFailures {
            #expect(DependencyValues.current.apiClient.count() == -1)
            DependencyValues.current.apiClient.log("hello")
        }
        #expect(
            failures.messages.map { $0.prefix(27) } == ["Ambient: APIClient.count is", "Ambient: APIClient.log is u"])
    }

    @Test func overriddenEndpointIsNotReported() async throws {
        let failures = try await capturingFailures {
            try await withDependencies {
                $0.apiClient.fetch = { "stub \($0)" }
            } operation: { () async throws in
                let fetched = try await DependencyValues.current.apiClient.fetch(7)
                #expect(fetched == "stub 7")
            }
        }
        #expect(failures.messages.isEmpty)
    }

    @Test func misuseFailsTheTest() {
        let failures = capturingFailures {
            prepareDependencies { $0.client = Client("first") }
            prepareDependencies { $0.client = Client("second") }
        }
        #expect(failures.messages.map { $0.hasPrefix("Ambient: prepareDependencies(_:) was called again") } == [true])
    }

    @Test func issuePointsAtTheDependencyThatReadAndNamesItsPropertyAndLine() throws {
        let failures = capturingFailures {
            _ = LiveOnlyServiceReader().value
        }
        let site = try #require(failures.sites.first ?? nil)
        #expect(site.fileID == "AmbientTestingTests/Keys.swift")
        #expect(site.line == LiveOnlyServiceReader.declarationLine)
        let message = try #require(failures.messages.first)
        #expect(message.contains("`withDependencies { $0.liveOnlyService = ... }`"))
        let line = LiveOnlyServiceReader.declarationLine
        #expect(message.contains("through the @Dependency declared at AmbientTestingTests/Keys.swift:\(line)"))
    }

    /// Leniency is for the block and what runs inside it. A read after a lenient block fails the test,
    /// whose own strictness the block never changed.
    @Test func nestedCallThatAsksForLeniencyIsLenientOnlyForItsBlock() {
        let failures = capturingFailures {
            withTestDependencies(strictness: .lenient, { _ in }) {
                #expect(TestRoot.reporter?.strictness == .strict)
            }
            withTestDependencies({ _ in }) {
                #expect(TestRoot.reporter?.strictness == .strict)
            }
            _ = DependencyValues.current.liveOnlyService
        }
        #expect(failures.messages.count == 1)
        #expect(failures.messages.first?.hasPrefix("Ambient: LiveOnlyServiceKey has no testingValue") == true)
    }
}

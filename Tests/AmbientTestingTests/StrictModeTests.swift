import Ambient
import AmbientTesting
import Testing

@Suite(.dependencies)
struct StrictModeTests {
    @Test func readingAKeyWithoutTestingValueFailsTheTest() {
        withKnownIssue {
            #expect(DependencyValues.current.liveOnlyService == "live service")
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                """
                Ambient: LiveOnlyServiceKey has no testingValue, so this test uses its defaultValue (the live \
                value). Give LiveOnlyServiceKey a `static var testingValue`, override it for the test \
                (`withDependencies { $0.<property> = ... }` or `.dependencies { $0.<property> = ... }`, where \
                <property> is the DependencyValues property that reads LiveOnlyServiceKey), or, when the live value \
                is safe in tests, declare `static var testingValue: Value { defaultValue }`.
                """
            ]
        }
    }

    @Test func keyThatChoseItsDefaultForTestsIsNeverReported() {
        #expect(DependencyValues.current[FormatterKey.self] == "formatter")
    }

    @Test(.dependencies { $0.liveOnlyService = "stub" })
    func overriddenKeyIsNotReported() {
        #expect(DependencyValues.current.liveOnlyService == "stub")
    }

    @Test func unimplementedThrowingEndpointFailsTheTestAndThrows() async {
        await withKnownIssue {
            await #expect(throws: UnimplementedEndpointError(endpoint: "APIClient.fetch")) {
                _ = try await DependencyValues.current.apiClient.fetch(1)
            }
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                """
                Ambient: APIClient.fetch is unimplemented in tests, and this test called it. Override it for the \
                test, for example `withDependencies { $0.<client>.<endpoint> = { ... } }`, or in the test's \
                `.dependencies { }` trait.
                """
            ]
        }
    }

    @Test func unimplementedEndpointWithAPlaceholderFailsTheTestAndReturnsIt() {
        withKnownIssue {
            #expect(DependencyValues.current.apiClient.count() == -1)
            DependencyValues.current.apiClient.log("hello")
        } matching: { issue in
            issue.comments.first?.rawValue.hasPrefix("Ambient: APIClient.") ?? false
        }
    }

    @Test(.dependencies { $0.apiClient.fetch = { "stub \($0)" } })
    func overriddenEndpointIsNotReported() async throws {
        #expect(try await DependencyValues.current.apiClient.fetch(7) == "stub 7")
    }

    @Test func misuseFailsTheTest() {
        withKnownIssue {
            prepareDependencies { $0.client = Client("first") }
            prepareDependencies { $0.client = Client("second") }
        } matching: { issue in
            issue.comments.first?.rawValue.hasPrefix("Ambient: prepareDependencies(_:) was called again") ?? false
        }
    }

    @Test func issuePointsAtTheDependencyThatReadAndNamesItsProperty() {
        withKnownIssue {
            _ = LiveOnlyServiceReader().value
        } matching: { issue in
            issue.sourceLocation?.fileID == "AmbientTestingTests/Keys.swift"
                && issue.sourceLocation?.line == LiveOnlyServiceReader.declarationLine
                && issue.comments.map(\.rawValue).joined().contains("`withDependencies { $0.liveOnlyService = ... }`")
        }
    }
}

import Ambient
import AmbientTesting
import Testing

@Test func launchPreparesTheLiveAPI() {
    prepareDependencies {
        $0.api = LiveAPI(baseURL: configuration.baseURL)
    }
    #expect(DependencyValues.current.api.source == "LiveAPI")
}

struct UploaderFactory: Sendable {
    var make: @Sendable () -> Uploader
}

@Test(.dependencies { $0.api = StubAPI() })
func reportUsesTheStub() async throws {
    let report = try await ReportBuilder().build()
    #expect(report.items.count == 3)
}

private enum APIKey: DependencyKey {
    static var defaultValue: any API { AppContainer.shared.api }  // your existing container, for now
    static var testingValue: any API { MockAPI() }
}

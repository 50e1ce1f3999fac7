import Ambient
import Testing

private struct APIKey: DependencyKey {
    static var defaultValue: any API { LiveAPI() }
    static var testingValue: any API { TestAPI() }
}

nonisolated extension DependencyValues {
    var api: any API {
        get { self[APIKey.self] }
        set { self[APIKey.self] = newValue }
    }
}

struct ReportBuilder {
    @Dependency(\.api) private var api

    func build() async throws -> Report { try await api.report() }
}

let builder = withDependencies {
    $0.api = StubAPI()
} operation: {
    ReportBuilder()
}

@Test func theBuilderUsesTheAPIOfItsScope() async throws {
    #expect(try await builder.build().source == "StubAPI")
}

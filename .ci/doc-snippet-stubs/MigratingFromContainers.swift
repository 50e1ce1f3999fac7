// The reader's own types that "Migrating from containers" names without declaring them.

struct Report: Sendable {
    var items: [String]
}

protocol API: Sendable {}

struct LiveAPI: API {}

struct TestAPI: API {}

struct StubAPI: API {}

struct MockAPI: API {}

struct Uploader {}

struct ReportBuilder {
    func build() async throws -> Report { Report(items: []) }
}

nonisolated final class AppContainer: Sendable {
    static let shared = AppContainer()
    let api: any API = LiveAPI()
}

// The reader's own types that the root page names without declaring them.

struct Report: Sendable {
    var items: [String]
}

protocol API: Sendable {
    func report() async throws -> Report
}

struct LiveAPI: API {
    func report() async throws -> Report { Report(items: []) }
}

struct TestAPI: API {
    func report() async throws -> Report { Report(items: []) }
}

struct StubAPI: API {
    func report() async throws -> Report { Report(items: []) }
}

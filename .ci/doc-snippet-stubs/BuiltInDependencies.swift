// The reader's own types that "Built-in dependencies" names without declaring them.

protocol API: Sendable {
    func search(_ query: String) async throws -> [String]
}

struct LiveAPI: API {
    func search(_ query: String) async throws -> [String] { [] }
}

struct TestAPI: API {
    func search(_ query: String) async throws -> [String] { [] }
}

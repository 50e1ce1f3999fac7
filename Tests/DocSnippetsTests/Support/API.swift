import Ambient
import Foundation

// The types the articles' snippets use without declaring them: an API client with its live and stand-in
// implementations, and the values it returns. Each stand-in says who it is, so a test can check which one a snippet
// reached.

struct Receipt: Equatable, Sendable {
    var total: Int
}

struct Profile: Equatable, Sendable {
    var name: String
}

struct Report: Equatable, Sendable {
    var items: [String]
    var source: String
}

nonisolated protocol API: Sendable {
    var source: String { get }
    func search(_ query: String) async throws -> [String]
    func submit(_ items: [String]) async throws -> Receipt
    func profile() async throws -> Profile
    func report() async throws -> Report
}

extension API {
    func search(_ query: String) async throws -> [String] { [query.capitalized] }
    func submit(_ items: [String]) async throws -> Receipt { Receipt(total: 42) }
    func profile() async throws -> Profile { Profile(name: source) }
    func report() async throws -> Report { Report(items: ["a", "b", "c"], source: source) }
}

struct LiveAPI: API {
    var baseURL = URL(string: "https://api.example.com")!
    var source: String { "LiveAPI" }
}

struct TestAPI: API {
    var source: String { "TestAPI" }
}

struct StubAPI: API {
    var source: String { "StubAPI" }
}

struct OtherAPI: API {
    var source: String { "OtherAPI" }
}

struct MockAPI: API {
    var name = "Mock"
    var source: String { name }
}

/// The app's configuration, which the container migration guide reads its base URL from.
struct Configuration: Sendable {
    var baseURL: URL
}

let configuration = Configuration(baseURL: URL(string: "https://staging.example.com")!)

/// An existing dependency container, which the container migration guide wraps while it moves to keys.
nonisolated final class AppContainer: Sendable {
    static let shared = AppContainer()
    let api: any API = LiveAPI()
}

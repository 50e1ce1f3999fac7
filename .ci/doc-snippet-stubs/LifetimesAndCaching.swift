// The reader's own types that "Lifetimes and caching" names without declaring them.

protocol API: Sendable {}

struct LiveAPI: API {}

struct TestAPI: API {}

struct StubAPI: API {}

struct Analytics: Sendable {
    let api: any API
}

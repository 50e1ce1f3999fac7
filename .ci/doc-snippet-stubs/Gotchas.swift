// The reader's own types that "Gotchas" names without declaring them.

protocol API: Sendable {}

struct LiveAPI: API {}

struct TestAPI: API {}

struct StubAPI: API {}

struct SearchIndex: Sendable {
    let api: any API
}

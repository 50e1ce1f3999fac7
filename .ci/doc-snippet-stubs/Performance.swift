// The reader's own types that "Performance" names without declaring them.

nonisolated protocol API: Sendable {
    var source: String { get }
}

struct LiveAPI: API {
    var source: String { "live" }
}

struct TestAPI: API {
    var source: String { "test" }
}

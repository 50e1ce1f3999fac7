// The app's own API client, which the quick start names. `nonisolated`, so that its conforming types are not
// isolated to the main actor by this target's default, and a key's nonisolated `defaultValue` can create them.

nonisolated protocol API: Sendable {
    var source: String { get }
}

final class LiveAPI: API {
    let source: String
    init() { source = "LiveAPI" }
}

struct PreviewAPI: API { var source: String { "PreviewAPI" } }
struct TestAPI: API { var source: String { "TestAPI" } }
struct StubAPI: API { var source: String { "StubAPI" } }
struct MockAPI: API { var source: String { "MockAPI" } }

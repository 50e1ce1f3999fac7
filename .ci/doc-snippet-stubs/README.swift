// The reader's own types that the README names without declaring them.

protocol API: Sendable {}

struct LiveAPI: API {}

struct PreviewAPI: API {}

struct TestAPI: API {}

struct StubAPI: API {}

struct MockAPI: API {}

struct DemoAPI: API {}

// The reader's own types that "SwiftUI and previews" names without declaring them (its SwiftUI snippets are checked
// by .ci/swiftui-typecheck, with the declarations in .ci/swiftui-stubs/DocSnippets.swift).

struct Profile: Sendable {
    var name: String
}

struct LiveAPI: API {
    func profile() async throws -> Profile { Profile(name: "live") }
}

struct PreviewAPI: API {
    func profile() async throws -> Profile { Profile(name: "preview") }
}

struct TestAPI: API {
    func profile() async throws -> Profile { Profile(name: "test") }
}

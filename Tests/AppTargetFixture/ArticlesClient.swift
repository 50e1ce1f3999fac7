import Ambient

// A struct-of-closures client declared as the Testing article shows one, in an app target: the struct says nothing
// about isolation, so this target's default makes it (and the setters of its endpoints) isolated to the main actor.
// Its test module, AppTargetFixtureTests, overrides the endpoints from another module.

/// An article of the news app.
struct Article: Equatable, Sendable {
    var id: Int
    var title: String
}

/// The news app's API client: one closure per endpoint.
struct ArticlesClient: Sendable {
    var fetchArticles: @Sendable () async throws -> [Article]
    var postComment: @Sendable (_ articleID: Int, _ text: String) async throws -> Void
    var count: @Sendable () -> Int
}

nonisolated extension ArticlesClient: DependencyKey {
    static var defaultValue: ArticlesClient {
        ArticlesClient(
            fetchArticles: { [Article(id: 1, title: "Live")] },
            postComment: { _, _ in },
            count: { 1 }
        )
    }
    static var testingValue: ArticlesClient {
        ArticlesClient(
            fetchArticles: unimplemented("ArticlesClient.fetchArticles"),
            postComment: unimplemented("ArticlesClient.postComment"),
            count: unimplemented("ArticlesClient.count", placeholder: 0)
        )
    }
}

nonisolated extension DependencyValues {
    var articles: ArticlesClient {
        get { self[ArticlesClient.self] }
        set { self[ArticlesClient.self] = newValue }
    }
}

/// A model of the app that reads the client.
final class ArticlesModel {
    @Dependency(\.articles) private var articles
    private(set) var titles: [String] = []

    func load() async throws {
        titles = try await articles.fetchArticles().map(\.title)
    }
}

import AmbientTesting
import Testing

@testable import AppTargetFixture

/// The app's test module overrides the endpoints of a client that the app module isolates to the main actor by
/// default (`ArticlesClient`, declared with nothing about isolation), in every way the Testing article shows.
@Suite(.dependencies { $0.articles.fetchArticles = { [Article(id: 7, title: "Suite")] } })
struct ArticlesClientTests {
    @Test func aSuiteTraitOverridesAnEndpoint() async throws {
        let model = ArticlesModel()
        try await model.load()
        #expect(model.titles == ["Suite"])
    }

    @Test(.dependencies { $0.articles.postComment = { _, _ in } })
    func aTestTraitOverridesAnEndpoint() async throws {
        try await DependencyValues.current.articles.postComment(7, "Nice")
    }

    @Test(.dependencies { $0.articles.count = { 4 } })
    nonisolated func aTraitSetsAnEndpointForATestOffTheMainActor() async {
        // NB: code off the main actor can't read the endpoint either; the app's main-actor code, here `run`, does.
        let count = await MainActor.run { DependencyValues.current.articles.count() }
        #expect(count == 4)
    }

    @Test(.dependency(\.articles, ArticlesClient(fetchArticles: { [] }, postComment: { _, _ in }, count: { 2 })))
    func aDependencyTraitBuildsTheClient() {
        #expect(DependencyValues.current.articles.count() == 2)
    }

    @Test func withDependenciesOverridesAnEndpoint() async throws {
        let model = withDependencies {
            $0.articles.fetchArticles = { [Article(id: 1, title: "Scoped")] }
        } operation: {
            ArticlesModel()
        }
        try await model.load()
        #expect(model.titles == ["Scoped"])
    }

    @Test func asyncWithDependenciesOverridesAnEndpoint() async throws {
        let titles = try await withDependencies {
            $0.articles.fetchArticles = { [Article(id: 1, title: "Async")] }
        } operation: {
            let model = ArticlesModel()
            try await model.load()
            return model.titles
        }
        #expect(titles == ["Async"])
    }

    @Test func synchronousWithTestDependenciesOverridesAnEndpoint() {
        let count = withTestDependencies {
            $0.articles.count = { 9 }
        } operation: {
            DependencyValues.current.articles.count()
        }
        #expect(count == 9)
    }

    @Test func withTestDependenciesOverridesAnEndpoint() async throws {
        let titles = try await withTestDependencies {
            $0.articles.fetchArticles = { [Article(id: 1, title: "Test root")] }
        } operation: {
            let model = ArticlesModel()
            try await model.load()
            return model.titles
        }
        #expect(titles == ["Test root"])
    }
}

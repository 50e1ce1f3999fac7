import AmbientTesting
import XCTest

@testable import AppTargetFixture

/// An XCTest class of the app's test module overrides an endpoint of the app's client in `setUpDependencies`.
///
/// The class is `nonisolated`, which XCTest's initializers ask for in a target isolated to the main actor by
/// default; `setUpDependencies` is `@MainActor`, so it can set the endpoint, which that default isolates too.
nonisolated final class ArticlesTestCase: DependencyTestCase {
    @MainActor override func setUpDependencies(_ dependencies: inout DependencyValues) {
        dependencies.articles.fetchArticles = { [Article(id: 3, title: "XCTest")] }
    }

    @MainActor func testSetUpDependenciesOverridesAnEndpoint() async throws {
        let model = ArticlesModel()
        try await model.load()
        XCTAssertEqual(model.titles, ["XCTest"])
    }
}

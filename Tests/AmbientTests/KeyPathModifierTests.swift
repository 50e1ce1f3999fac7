import Foundation
import Testing

@testable import Ambient

/// A client as an app declares one: a plain struct, not `Equatable`, whose base URL a modifier may set alone.
private struct WebClient: Sendable {
    var baseURL = URL(string: "https://example.com")!
    var fetch: @Sendable () -> Int = { 0 }
}

private enum WebClientKey: DependencyKey {
    static var defaultValue: WebClient { WebClient() }
    static var testingValue: WebClient { WebClient() }
}

/// A family member: an object, as an image loader is.
private final class PageLoader: Sendable {
    let page: String
    init(page: String) { self.page = page }
}

private enum PageLoaderKey: DependencyFamilyKey {
    static func defaultValue(for page: String) -> PageLoader { PageLoader(page: page) }
    static func testingValue(for page: String) -> PageLoader { PageLoader(page: page) }
}

extension DependencyValues {
    fileprivate var webClient: WebClient {
        get { self[WebClientKey.self] }
        set { self[WebClientKey.self] = newValue }
    }
    fileprivate var pageLoader: DependencyFamily<String, PageLoader> {
        get { self[PageLoaderKey.self] }
        set { self[PageLoaderKey.self] = newValue }
    }
}

/// `.dependency(_:_:)` with a key path that reaches into a dependency, evaluated again by each body run.
@Suite struct KeyPathModifierTests {
    private let root = DependencyValues(storage: ScopeNode(root: Root(context: .testing)))

    @Test func equalValueSetIntoPartOfADependencyKeepsTheSubtreesValues() {
        // `.dependency(\.webClient.baseURL, URL(string: "https://staging.example.com")!)` in a body: an equal URL,
        // made again on each evaluation, in a client that is not `Equatable`.
        let cache = DerivedDependencies()
        func staging() -> URL { URL(string: "https://staging.example.com/" + String(repeating: "v", count: 2))! }
        let first = cache.values(from: root, applying: DependencyChange(\.webClient.baseURL, staging()))
        let again = cache.values(from: root, applying: DependencyChange(\.webClient.baseURL, staging()))
        #expect(again.storage === first.storage)
        #expect(again.webClient.baseURL == staging())
    }

    @Test func sameMemberSetForOneArgumentOfAFamilyKeepsTheSubtreesValues() {
        // `.dependency(\.pageLoader["home"], loader)` in a body, with a loader made once outside it.
        let cache = DerivedDependencies()
        let loader = PageLoader(page: "preview")
        let first = cache.values(from: root, applying: DependencyChange(\.pageLoader["home"], loader))
        let again = cache.values(from: root, applying: DependencyChange(\.pageLoader["home"], loader))
        #expect(again.storage === first.storage)
        #expect(again.pageLoader["home"] === loader)
        let other = cache.values(from: root, applying: DependencyChange(\.pageLoader["home"], PageLoader(page: "x")))
        #expect(other.storage !== first.storage, "another member is another change")
    }
}

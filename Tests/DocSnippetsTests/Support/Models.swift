import Ambient
import Foundation
import Observation

// Models and clients the articles read from without declaring them.

/// The model the SwiftUI article declares next to its view, without the view: the Testing article builds it in tests.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor @Observable
final class ProfileModel: ObservableDependency {
    var name = ""
    private(set) var isLoading = false
    private let api: any API

    init(dependencies: DependencyValues) {
        api = dependencies.api
    }

    func load() async {
        isLoading = true
        defer { isLoading = false }
        name = (try? await api.profile().name) ?? ""
    }
}

/// Analytics built from the API client, the derived default of the lifetimes article.
struct Analytics: Sendable {
    let api: any API
}

/// A search index built from the API client, the derived default of the gotchas article.
struct SearchIndex: Sendable {
    let api: any API
}

/// A cart kept in a dependency, which keeps its items for the whole root.
final class CartStore: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    var items: [String] { lock.withLock { storage } }

    func add(_ item: String) { lock.withLock { storage.append(item) } }
}

private enum CartKey: DependencyKey {
    static var defaultValue: CartStore { CartStore() }
    static var testingValue: CartStore { CartStore() }
}

nonisolated extension DependencyValues {
    var cart: CartStore {
        get { self[CartKey.self] }
        set { self[CartKey.self] = newValue }
    }
}

/// Work handed to a queue or a detached task.
nonisolated struct Uploader {
    @Dependency(\.api) private var api

    func upload() { _ = api.source }

    func sync() async { _ = api.source }
}

/// An item the unimplemented-endpoints client fetches.
struct Item: Identifiable, Equatable, Sendable {
    var id: Int
    var name: String
}

/// The server behind the items client's real endpoints, as far as these snippets need it.
actor ItemsServer {
    static let shared = ItemsServer()

    func item(_ id: Int) throws -> Item { Item(id: id, name: "Item \(id)") }

    func count() -> Int { 0 }
}

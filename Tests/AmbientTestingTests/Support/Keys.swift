@testable import Ambient

/// A reference-type client whose identity tells instances apart.
final class Client: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

enum ClientKey: DependencyKey {
    static var defaultValue: Client { Client("live") }
    static var testingValue: Client { Client("testing") }
}

/// A key without a testing value: reading it in a test is a failure under the trait.
enum LiveOnlyServiceKey: DependencyKey {
    static var defaultValue: String { "live service" }
}

/// A key that says its default is fine in tests.
enum FormatterKey: DependencyKey {
    static var defaultValue: String { "formatter" }
    static var testingValue: String { defaultValue }
}

/// A store whose state must not leak from one test into another.
final class Cart: Sendable {
    private let items = ConditionLock<[String]>([])
    func add(_ item: String) { items.withLock { $0.append(item) } }
    var all: [String] { items.withLock { $0 } }
}

enum CartKey: DependencyKey {
    static var defaultValue: Cart { Cart() }
    static var testingValue: Cart { Cart() }
}

/// A struct-of-closures client whose testing value is unimplemented.
struct APIClient: Sendable {
    var fetch: @Sendable (Int) async throws -> String
    var count: @Sendable () -> Int
    var log: @Sendable (String) -> Void
}

extension APIClient: DependencyKey {
    static var defaultValue: APIClient {
        APIClient(fetch: { "live \($0)" }, count: { 0 }, log: { _ in })
    }
    static var testingValue: APIClient {
        APIClient(
            fetch: unimplemented("APIClient.fetch"),
            count: unimplemented("APIClient.count", placeholder: -1),
            log: unimplemented("APIClient.log", placeholder: ())
        )
    }
}

extension DependencyValues {
    var client: Client {
        get { self[ClientKey.self] }
        set { self[ClientKey.self] = newValue }
    }
    var liveOnlyService: String {
        get { self[LiveOnlyServiceKey.self] }
        set { self[LiveOnlyServiceKey.self] = newValue }
    }
    var cart: Cart { self[CartKey.self] }
    var apiClient: APIClient {
        get { self[APIClient.self] }
        set { self[APIClient.self] = newValue }
    }
}

/// Instances seen by tests, kept alive so that no address (and so no identity) is reused.
private let seenCarts = ConditionLock<[ObjectIdentifier: Cart]>([:])

/// Whether no test has seen `cart` before.
func isFirstSighting(of cart: Cart) -> Bool {
    seenCarts.withLock { seen in
        seen.updateValue(cart, forKey: ObjectIdentifier(cart)) == nil
    }
}

/// Reads the live-only service through its property; reports about the read point at the declaration.
struct LiveOnlyServiceReader: Sendable {
    static let declarationLine = #line + 1
    @Dependency(\.liveOnlyService) var value
}

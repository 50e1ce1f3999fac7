// The reader's own types that "Testing" names without declaring them. `TodoFactory` is the one of "Built-in
// dependencies", as far as this page uses it.

struct Receipt: Equatable, Sendable {
    var total: Int
}

struct Profile: Sendable {
    var name: String
}

protocol API: Sendable {
    func submit(_ items: [String]) async throws -> Receipt
    func profile() async throws -> Profile
}

struct MockAPI: API {
    var name = "Mock"
    func submit(_ items: [String]) async throws -> Receipt { Receipt(total: 42) }
    func profile() async throws -> Profile { Profile(name: name) }
}

struct LiveAPI: API {
    func submit(_ items: [String]) async throws -> Receipt { Receipt(total: 0) }
    func profile() async throws -> Profile { Profile(name: "live") }
}

struct TestAPI: API {
    func submit(_ items: [String]) async throws -> Receipt { Receipt(total: 0) }
    func profile() async throws -> Profile { Profile(name: "test") }
}

struct TodoID {
    var uuidString: String
}

struct Todo {
    var id: TodoID
}

struct TodoFactory {
    func make(_ title: String) -> Todo { Todo(id: TodoID(uuidString: "")) }
}

struct Item: Identifiable, Sendable {
    var id: Int
    var name: String
}

actor ItemsServer {
    static let shared = ItemsServer()

    func item(_ id: Int) throws -> Item { Item(id: id, name: "") }

    func count() -> Int { 0 }
}

import Ambient
import Testing

private enum DatabaseKey: DependencyKey {
    static var defaultValue: AsyncDependency<Database> {
        AsyncDependency { try await Database.open(at: "app.sqlite") }
    }
    static var testingValue: AsyncDependency<Database> { .ready(Database.inMemory()) }
}

nonisolated extension DependencyValues {
    var database: AsyncDependency<Database> {
        get { self[DatabaseKey.self] }
        set { self[DatabaseKey.self] = newValue }
    }
}

struct NotesLoader {
    @Dependency(\.database) private var database

    func titles() async throws -> [String] {
        try await database.value.titles()
    }
}

/// The article's database: opened at a path, or kept in memory.
nonisolated final class Database: Sendable {
    let path: String

    init(path: String) { self.path = path }

    static func open(at path: String) async throws -> Database { Database(path: path) }
    static func inMemory() -> Database { Database(path: ":memory:") }

    func titles() async throws -> [String] { ["Notes in \(path)"] }
}

@Test func notesLoaderReadsTheTestingDatabaseWithoutAwaitingAnOpening() async throws {
    #expect(try await NotesLoader().titles() == ["Notes in :memory:"])
}

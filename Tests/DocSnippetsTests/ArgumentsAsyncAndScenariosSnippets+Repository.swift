import Ambient
import Testing

private enum NotesRepositoryKey: DependencyFamilyKey {
    static func defaultValue(for account: Int) -> NotesRepository { NotesRepository(account: account) }
    static func testingValue(for account: Int) -> NotesRepository { NotesRepository(account: account, notes: []) }
}

nonisolated extension DependencyValues {
    var notesRepository: DependencyFamily<Int, NotesRepository> {
        get { self[NotesRepositoryKey.self] }
        set { self[NotesRepositoryKey.self] = newValue }
    }
}

struct AccountSummary {
    @Dependency(\.notesRepository) private var repositories
    let account: Int

    func noteCount() async throws -> Int {
        try await repositories[account].notes().count
    }
}

@Test func summaryCountsTheNotesOfItsAccountOnly() async throws {
    let count = try await withDependencies {
        $0.notesRepository[7] = NotesRepository(account: 7, notes: ["Groceries", "Ideas"])
    } operation: {
        try await AccountSummary(account: 7).noteCount()
    }
    #expect(count == 2)
}

/// The article's repository of one account's notes: live, it would fetch them; given notes, it returns those.
nonisolated final class NotesRepository: Sendable {
    let account: Int
    private let fixed: [String]?

    init(account: Int, notes: [String]? = nil) {
        self.account = account
        fixed = notes
    }

    func notes() async throws -> [String] { fixed ?? ["Note of account \(account)"] }
}

@Test func summariesOfOneAccountShareItsRepository() {
    #expect(DependencyValues.current.notesRepository[3] === DependencyValues.current.notesRepository[3])
}

// The reader's own types that the article names without declaring them, as far as its snippets use them.

nonisolated enum MailServer {
    static func messages() async throws -> [String] { ["From the server"] }
}

nonisolated final class Database: Sendable {
    static func open(at path: String) async throws -> Database { Database() }
    static func inMemory() -> Database { Database() }
    func titles() async throws -> [String] { [] }
}

nonisolated final class NotesRepository: Sendable {
    init(account: Int, notes: [String]? = nil) {}
    func notes() async throws -> [String] { [] }
}

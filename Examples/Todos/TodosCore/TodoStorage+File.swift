public import Foundation

extension TodoStorage {
    /// Todos kept as JSON in one file, saved atomically.
    ///
    /// A missing file is an empty list (nothing is created until the first save). A file that cannot be read or
    /// parsed is reported with its path and never overwritten. A save writes a temporary file beside the data file
    /// and renames it over the old one, so a failure or a crash during a save leaves the previous file whole.
    ///
    /// ```swift
    /// let storage = TodoStorage.file(at: URL(filePath: "/tmp/todos.json"))
    /// ```
    ///
    /// - Parameter url: The JSON file.
    /// - Returns: A storage backed by that file.
    public static func file(at url: URL) -> TodoStorage {
        file(AtomicFile(url: url))
    }

    /// Todos kept as JSON in `file`; tests hand in a file whose writes fail.
    static func file(_ file: AtomicFile) -> TodoStorage {
        TodoStorage(
            location: file.path,
            load: { () throws(TodoStorageError) in try decode(file) },
            save: { todos throws(TodoStorageError) in try encode(todos, into: file) }
        )
    }

    private static func decode(_ file: AtomicFile) throws(TodoStorageError) -> [Todo] {
        let data: Data?
        do {
            data = try file.read()
        } catch {
            throw .unreadable(path: file.path, reason: AtomicFile.reason(error))
        }
        guard let data else { return [] }
        do {
            return try JSONDecoder().decode([Todo].self, from: data)
        } catch let error as DecodingError {
            throw .corrupt(path: file.path, reason: summary(of: error))
        } catch {
            throw .corrupt(path: file.path, reason: AtomicFile.reason(error))
        }
    }

    private static func encode(_ todos: [Todo], into file: AtomicFile) throws(TodoStorageError) {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try file.write(encoder.encode(todos) + Data("\n".utf8))
        } catch {
            throw .saveFailed(path: file.path, reason: AtomicFile.reason(error))
        }
    }

    /// A short reason for a decoding failure, without the decoder's internals.
    private static func summary(of error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            "not valid JSON"
        case .keyNotFound(let key, let context):
            "no \"\(key.stringValue)\" at \(position(context.codingPath))"
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            "unexpected content at \(position(context.codingPath))"
        @unknown default:
            "unexpected content"
        }
    }

    private static func position(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "the top level" }
        return path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
    }
}

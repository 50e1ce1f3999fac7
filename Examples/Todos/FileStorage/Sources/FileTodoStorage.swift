public import Foundation
public import TodosCore

/// Todos kept as JSON in one file, changed under a lock and saved atomically: the command-line app's `TodoStorage`.
///
/// A missing file is an empty list (nothing is created until the first change). A file that cannot be read or
/// parsed, or that holds two todos with the same identifier, is reported with its path and never overwritten.
/// Each change takes an exclusive `flock(2)` lock on `.todos.json.lock` beside the file (for a file named
/// `todos.json`), reads the file again under it, applies the change, and saves before it releases the lock, so
/// processes and stores that share the file never undo each other's changes. A save writes a temporary file
/// beside the data file and renames it over the old one, so a failure or a crash during a save leaves the
/// previous file whole; the file keeps its permissions, and a symbolic link is never written through. The file
/// (and its lock file) must be a regular file of at most 64 MiB, and fields of a todo that `Todo` does not hold
/// are saved again as they were. A change in a folder that other users can write is refused (see
/// ``SharedFolder``) unless `allowsSharedFolder` is `true`.
///
/// ```swift
/// let storage = FileTodoStorage(url: URL(filePath: "/tmp/todos.json"))
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public struct FileTodoStorage: TodoStorage {
    /// The JSON fields a todo is saved with; a saved todo's other fields are kept as they were.
    static let fieldNames: Set<String> = ["id", "title", "date", "isDone", "priority"]

    private let data: DataFile<[Todo]>

    /// The file's path.
    public var location: String { data.path }

    /// Todos kept in the JSON file at `url`.
    ///
    /// - Parameters:
    ///   - url: The JSON file.
    ///   - locking: How long to wait for another process that holds the lock; 10 seconds, silently, unless given.
    ///   - allowsSharedFolder: Whether changes may be saved in a folder that other users can write; `false` unless
    ///     given.
    public init(url: URL, locking: FileLocking = .standard, allowsSharedFolder: Bool = false) {
        self.init(AtomicFile(url: url), locking: locking, allowsSharedFolder: allowsSharedFolder)
    }

    /// Todos kept as JSON in `file`; tests hand in a file whose writes fail.
    init(_ file: AtomicFile, locking: FileLocking = .standard, allowsSharedFolder: Bool = false) {
        data = DataFile(
            file: file,
            locking: locking,
            allowsSharedFolder: allowsSharedFolder,
            empty: [],
            knownFields: Self.fieldNames,
            check: Self.duplicateIdentifier
        )
    }

    /// The saved todos, read under the shared lock; an empty list when there is no file.
    public func load() throws(TodoStorageError) -> [Todo] {
        do {
            return try data.read()
        } catch {
            throw error.storageError
        }
    }

    /// Applies `change` to the todos saved now and saves the result, under the exclusive lock.
    @discardableResult
    public func update(_ change: (inout [Todo]) -> Void) throws(TodoStorageError) -> [Todo] {
        do {
            return try data.update(change).saved
        } catch {
            throw error.storageError
        }
    }

    /// The problem with a list in which two todos share an identifier: a change by identifier would not know which
    /// one it means.
    @Sendable private static func duplicateIdentifier(in todos: [Todo]) -> String? {
        var seen = Set<Todo.ID>()
        for (position, todo) in todos.enumerated() where !seen.insert(todo.id).inserted {
            return "todo [\(position)] has the id \(todo.id.uuidString) of an earlier todo"
        }
        return nil
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension TodoStorage where Self == FileTodoStorage {
    /// Todos kept in the JSON file at `url`: `$0.todoStorage = .file(at: folder.appending(component: "todos.json"))`.
    ///
    /// - Parameters:
    ///   - url: The JSON file.
    ///   - locking: How long to wait for another process that holds the lock.
    ///   - allowsSharedFolder: Whether changes may be saved in a folder that other users can write.
    /// - Returns: A storage backed by that file.
    public static func file(
        at url: URL,
        locking: FileLocking = .standard,
        allowsSharedFolder: Bool = false
    ) -> FileTodoStorage {
        FileTodoStorage(url: url, locking: locking, allowsSharedFolder: allowsSharedFolder)
    }
}

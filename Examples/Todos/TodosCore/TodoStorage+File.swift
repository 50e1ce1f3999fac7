public import Foundation

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension TodoStorage {
    /// Todos kept as JSON in one file, changed under a lock and saved atomically.
    ///
    /// A missing file is an empty list (nothing is created until the first change). A file that cannot be read or
    /// parsed, or that holds two todos with the same identifier, is reported with its path and never overwritten.
    /// Each change takes an exclusive `flock(2)` lock on `.todos.json.lock` beside the file (for a file named
    /// `todos.json`), reads the file again under it, applies the change, and saves before it releases the lock, so
    /// processes and stores that share the file never undo each other's changes. A save writes a temporary file
    /// beside the data file and renames it over the old one, so a failure or a crash during a save leaves the
    /// previous file whole; the file keeps its permissions, and a symbolic link is never written through. The file
    /// (and its lock file) must be a regular file of at most 64 MiB, and fields of a todo that ``Todo`` does not hold
    /// are saved again as they were. A change in a folder that other users can write is refused (see
    /// ``SharedFolder``) unless `allowsSharedFolder` is `true`.
    ///
    /// ```swift
    /// let storage = TodoStorage.file(at: URL(filePath: "/tmp/todos.json"))
    /// ```
    ///
    /// - Parameters:
    ///   - url: The JSON file.
    ///   - locking: How long to wait for another process that holds the lock; 10 seconds, silently, unless given.
    ///   - allowsSharedFolder: Whether changes may be saved in a folder that other users can write; `false` unless
    ///     given.
    /// - Returns: A storage backed by that file.
    public static func file(
        at url: URL,
        locking: FileLocking = .standard,
        allowsSharedFolder: Bool = false
    ) -> TodoStorage {
        file(AtomicFile(url: url), locking: locking, allowsSharedFolder: allowsSharedFolder)
    }

    /// Todos kept as JSON in `file`; tests hand in a file whose writes fail.
    static func file(
        _ file: AtomicFile,
        locking: FileLocking = .standard,
        allowsSharedFolder: Bool = false
    ) -> TodoStorage {
        let data = DataFile<[Todo]>(
            file: file,
            locking: locking,
            allowsSharedFolder: allowsSharedFolder,
            empty: [],
            knownFields: Todo.fieldNames,
            check: duplicateIdentifier
        )
        return TodoStorage(
            location: file.path,
            load: { () throws(TodoStorageError) in try data.read() },
            update: { change throws(TodoStorageError) in try data.update(change).saved }
        )
    }

    /// The problem with a list in which two todos share an identifier: a change by identifier would not know which
    /// one it means.
    private static func duplicateIdentifier(in todos: [Todo]) -> String? {
        var seen = Set<Todo.ID>()
        for (position, todo) in todos.enumerated() where !seen.insert(todo.id).inserted {
            return "todo [\(position)] has the id \(todo.id.uuidString) of an earlier todo"
        }
        return nil
    }
}

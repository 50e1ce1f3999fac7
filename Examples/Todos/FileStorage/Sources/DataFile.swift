import Foundation
import TodosCore

/// One data file of the example — the todos, the settings — read and changed the careful way.
///
/// - A read takes the shared lock, so it never sees a change half made (and waits for one in progress).
/// - A change takes the exclusive lock, reads the file again under it, applies the change to what it read, saves
///   atomically and only then releases the lock, so no change made by another process in the meantime is lost.
///   A change that changes nothing writes nothing. A program that takes no lock (an editor, `cp`) and changes the
///   file between that read and the save's rename fails the save instead of seeing its change overwritten.
/// - A missing file is ``empty``. A file that cannot be read or decoded is an error that names it, and is never
///   overwritten: a change stops before it writes.
/// - A change in a folder that other users can write (``SharedFolder``) is refused unless ``allowsSharedFolder``.
/// - Fields of the file that `Value` does not hold (written by a newer version, or by hand) survive a save.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct DataFile<Value: Equatable & Sendable>: Sendable {
    /// Why bytes that were read are not a `Value`: a short reason for the message.
    struct DecodingFailure: Error {
        var reason: String
    }

    /// The file.
    let file: AtomicFile
    /// How long to wait for another process.
    let locking: FileLocking
    /// Whether a change may save in a folder that others can write.
    var allowsSharedFolder = false
    /// The value of a file that does not exist yet.
    let empty: Value
    /// The file's bytes as a value, or why they are not one.
    let decode: @Sendable (Data) throws(DecodingFailure) -> Value
    /// The bytes to save for a value, given the bytes the file held (to keep what `Value` does not hold), if any.
    let encode: @Sendable (Value, _ previous: Data?) throws -> Data

    /// The file's path, for messages.
    var path: String { file.path }

    private var lock: FileLock { FileLock(dataFile: file, locking: locking) }

    /// The saved value, read under the shared lock.
    func read() throws(FileStorageError) -> Value {
        try lock.withLock(.shared) { () throws(FileStorageError) in try load().value }
    }

    /// Reads the saved value under the exclusive lock, applies `change` to it and saves the result before the lock
    /// is released.
    ///
    /// - Returns: The value now saved, and what `change` returned.
    func update<Result>(
        _ change: (inout Value) -> Result
    ) throws(FileStorageError) -> (saved: Value, result: Result) {
        // Before the lock, so that a refused change creates nothing; again under it, for a folder it just created.
        try checkFolder()
        return try lock.withLock(.exclusive) { () throws(FileStorageError) in
            try checkFolder()
            var (value, read) = try load()
            let before = value
            let result = change(&value)
            if value != before {
                try save(value, replacing: read)
            }
            return (value, result)
        }
    }

    private func checkFolder() throws(FileStorageError) {
        guard !allowsSharedFolder, let problem = SharedFolder.problem(of: file.url.deletingLastPathComponent()) else {
            return
        }
        throw .sharedFolder(path: path, problem: problem)
    }

    /// The saved value, and the bytes and version it was read from (`nil` when there is no file).
    private func load() throws(FileStorageError) -> (value: Value, read: (data: Data, version: AtomicFile.Version)?) {
        let read: (data: Data, version: AtomicFile.Version)?
        do {
            read = try file.read()
        } catch {
            throw .unreadable(path: path, reason: AtomicFile.reason(error))
        }
        guard let read else { return (empty, nil) }
        do {
            return (try decode(read.data), read)
        } catch {
            throw .corrupt(path: path, reason: error.reason)
        }
    }

    private func save(
        _ value: Value,
        replacing read: (data: Data, version: AtomicFile.Version)?
    ) throws(FileStorageError) {
        do {
            try file.write(encode(value, read?.data), replacing: read?.version)
        } catch let error as AtomicFile.FolderGoneError {
            throw .folderGone(path: path, folder: error.path)
        } catch let error as AtomicFile.ReplacedError {
            throw .replaced(path: path, reason: error.description)
        } catch {
            throw .saveFailed(path: path, reason: AtomicFile.reason(error), hadFile: read != nil)
        }
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension DataFile where Value: Codable {
    /// A file that holds `Value` as pretty-printed JSON; `check` refuses values that decode but make no sense.
    ///
    /// - Parameters:
    ///   - knownFields: The fields of the objects `Value` encodes (the file's own object, or each object of its
    ///     array, matched by `"id"`); any other field the file held is saved again as it was.
    init(
        file: AtomicFile,
        locking: FileLocking,
        allowsSharedFolder: Bool,
        empty: Value,
        knownFields: Set<String>,
        check: @escaping @Sendable (Value) -> String? = { _ in nil }
    ) {
        self.init(
            file: file,
            locking: locking,
            allowsSharedFolder: allowsSharedFolder,
            empty: empty,
            decode: { data throws(DecodingFailure) in
                let value: Value
                do {
                    value = try JSONDecoder().decode(Value.self, from: data)
                } catch let error as DecodingError {
                    throw DecodingFailure(reason: JSONProblem.summary(of: error, in: data))
                } catch {
                    throw DecodingFailure(reason: AtomicFile.reason(error))
                }
                if let problem = check(value) { throw DecodingFailure(reason: problem) }
                return value
            },
            encode: { value, previous in
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                let encoded = try encoder.encode(value)
                // A file over the read limit is refused before it is written: keeping fields would only add to it.
                let kept = previous.flatMap { previous in
                    encoded.count > AtomicFile.sizeLimit
                        ? nil : JSONMembers.keepingUnknownMembers(of: previous, in: encoded, known: knownFields)
                }
                return (kept ?? encoded) + Data("\n".utf8)
            }
        )
    }
}

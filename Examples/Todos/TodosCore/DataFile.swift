import Foundation

/// One data file of the example — the todos, the settings — read and changed the careful way.
///
/// - A read takes the shared lock, so it never sees a change half made (and waits for one in progress).
/// - A change takes the exclusive lock, reads the file again under it, applies the change to what it read, saves
///   atomically and only then releases the lock, so no change made by another process in the meantime is lost.
///   A change that changes nothing writes nothing.
/// - A missing file is ``empty``. A file that cannot be read or decoded is an error that names it, and is never
///   overwritten: a change stops before it writes.
struct DataFile<Value: Equatable & Sendable>: Sendable {
    /// Why bytes that were read are not a `Value`: a short reason for the message.
    struct DecodingFailure: Error {
        var reason: String
    }

    /// The file.
    let file: AtomicFile
    /// How long to wait for another process.
    let locking: FileLocking
    /// The value of a file that does not exist yet.
    let empty: Value
    /// The file's bytes as a value, or why they are not one.
    let decode: @Sendable (Data) throws(DecodingFailure) -> Value
    /// The bytes to save for a value.
    let encode: @Sendable (Value) throws -> Data

    /// The file's path, for messages.
    var path: String { file.path }

    private var lock: FileLock { FileLock(dataFile: file, locking: locking) }

    /// The saved value, read under the shared lock.
    func read() throws(TodoStorageError) -> Value {
        try lock.withLock(.shared) { () throws(TodoStorageError) in try load() }
    }

    /// Reads the saved value under the exclusive lock, applies `change` to it and saves the result before the lock
    /// is released.
    ///
    /// - Returns: The value now saved, and what `change` returned.
    func update<Result>(
        _ change: (inout Value) -> Result
    ) throws(TodoStorageError) -> (saved: Value, result: Result) {
        try lock.withLock(.exclusive) { () throws(TodoStorageError) in
            var value = try load()
            let before = value
            let result = change(&value)
            if value != before {
                try save(value)
            }
            return (value, result)
        }
    }

    private func load() throws(TodoStorageError) -> Value {
        let data: Data?
        do {
            data = try file.read()
        } catch {
            throw .unreadable(path: path, reason: AtomicFile.reason(error))
        }
        guard let data else { return empty }
        do {
            return try decode(data)
        } catch {
            throw .corrupt(path: path, reason: error.reason)
        }
    }

    private func save(_ value: Value) throws(TodoStorageError) {
        do {
            try file.write(encode(value))
        } catch {
            throw .saveFailed(path: path, reason: AtomicFile.reason(error))
        }
    }
}

extension DataFile where Value: Codable {
    /// A file that holds `Value` as pretty-printed JSON; `check` refuses values that decode but make no sense.
    init(
        file: AtomicFile,
        locking: FileLocking,
        empty: Value,
        check: @escaping @Sendable (Value) -> String? = { _ in nil }
    ) {
        self.init(
            file: file,
            locking: locking,
            empty: empty,
            decode: { data throws(DecodingFailure) in
                let value: Value
                do {
                    value = try JSONDecoder().decode(Value.self, from: data)
                } catch let error as DecodingError {
                    throw DecodingFailure(reason: JSONProblem.summary(of: error))
                } catch {
                    throw DecodingFailure(reason: AtomicFile.reason(error))
                }
                if let problem = check(value) { throw DecodingFailure(reason: problem) }
                return value
            },
            encode: { value in
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                return try encoder.encode(value) + Data("\n".utf8)
            }
        )
    }
}

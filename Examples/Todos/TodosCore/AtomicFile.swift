import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file that is replaced whole or not at all: a write goes to a temporary file beside it, which is then renamed
/// over it.
///
/// `rename(2)` replaces the target atomically, so a reader (or the next launch, after a crash) sees either the old
/// file or the new one, never a mix or a truncated file.
struct AtomicFile: Sendable {
    /// The file.
    let url: URL
    /// Writes and flushes the bytes of a new temporary file; tests replace it with one that fails part-way.
    var writeTemporaryFile: @Sendable (Data, URL) throws -> Void = AtomicFile.writeAndSynchronize

    /// The file's path, for messages.
    var path: String { url.path(percentEncoded: false) }

    /// The file's bytes, or `nil` when there is no file.
    func read() throws -> Data? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try Data(contentsOf: url)
    }

    /// Replaces the file's bytes, creating its folder if needed.
    func write(_ data: Data) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appending(component: ".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try writeTemporaryFile(data, temporary)
            guard rename(temporary.path(percentEncoded: false), path) == 0 else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Writes `data` to a new file at `url` and flushes it to the disk, so the rename never publishes a file whose
    /// bytes are still in flight.
    static func writeAndSynchronize(_ data: Data, to url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path(percentEncoded: false), contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path(percentEncoded: false)])
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.write(contentsOf: data)
        try handle.synchronize()
    }

    /// A short, readable reason for a file-system error.
    static func reason(_ error: any Error) -> String {
        if let error = error as? POSIXError {
            return String(cString: strerror(error.code.rawValue))
        }
        if let error = error as? CocoaError {
            if let underlying = error.userInfo[NSUnderlyingErrorKey] as? POSIXError {
                return String(cString: strerror(underlying.code.rawValue))
            }
            return error.localizedDescription
        }
        return String(describing: error)
    }
}

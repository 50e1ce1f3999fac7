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
/// file or the new one, never a mix or a truncated file. A write keeps the file's permissions, refuses to replace a
/// symbolic link (it would cut the link, and the file it points to would silently stop being updated), and removes
/// the temporary files of writes that were killed before they could clean up.
struct AtomicFile: Sendable {
    /// Why a write refused to replace the file.
    struct SymbolicLinkError: Error, CustomStringConvertible {
        var description: String { "it is a symbolic link, and todos never writes through one" }
    }

    /// How old a temporary file of ours must be before a later write removes it: no write takes a minute.
    static let staleAge: TimeInterval = 60

    /// The file.
    let url: URL
    /// Writes and flushes the bytes of a new temporary file, which exists and is empty; tests replace it with one
    /// that fails part-way.
    var writeTemporaryFile: @Sendable (Data, URL) throws -> Void = AtomicFile.writeAndSynchronize

    /// The file's path, for messages.
    var path: String { url.path(percentEncoded: false) }

    /// The file's bytes, or `nil` when there is no file (and no folder).
    ///
    /// Only a missing file is `nil`: a folder that cannot be searched, a file that cannot be read, or a folder in the
    /// file's place is an error, never an empty file.
    func read() throws -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw Self.lastError()
        }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Self.readBytes(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw Self.lastError()
            }
            data.append(contentsOf: buffer[..<count])
        }
    }

    /// Replaces the file's bytes, creating its folder if needed, with the permissions the file had.
    func write(_ data: Data) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let permissions = try existingPermissions()
        removeStaleTemporaryFiles(in: folder)
        let temporary = folder.appending(component: "\(temporaryPrefix)\(UUID().uuidString).tmp")
        let temporaryPath = temporary.path(percentEncoded: false)
        do {
            // Created with its final permissions before any byte is in it, so a private file is never readable by
            // others, not even for a moment.
            let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else { throw Self.lastError() }
            let changed = permissions.map { fchmod(descriptor, $0) } ?? 0
            close(descriptor)
            guard changed == 0 else { throw Self.lastError() }
            try writeTemporaryFile(data, temporary)
            guard rename(temporaryPath, path) == 0 else { throw Self.lastError() }
        } catch {
            unlink(temporaryPath)
            throw error
        }
        synchronize(folder)
    }

    /// `.todos.json.` for `todos.json`: the start of the name of each temporary file of this file.
    private var temporaryPrefix: String { ".\(url.lastPathComponent)." }

    /// The permission bits of the file, or `nil` when there is no file yet.
    private func existingPermissions() throws -> mode_t? {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw Self.lastError()
        }
        if status.st_mode & S_IFMT == S_IFLNK { throw SymbolicLinkError() }
        return status.st_mode & 0o7777
    }

    /// Removes this file's temporary files that are older than ``staleAge``: left by writes that were killed.
    private func removeStaleTemporaryFiles(in folder: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path(percentEncoded: false))) ?? []
        let oldest = Date.now.addingTimeInterval(-Self.staleAge)
        for name in names where name.hasPrefix(temporaryPrefix) && name.hasSuffix(".tmp") {
            let candidate = folder.appending(component: name).path(percentEncoded: false)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: candidate),
                attributes[.type] as? FileAttributeType == .typeRegular,
                let modified = attributes[.modificationDate] as? Date, modified < oldest
            else { continue }
            unlink(candidate)
        }
    }

    /// Flushes the folder, so that the rename itself survives a power cut. Best effort: some file systems refuse.
    private func synchronize(_ folder: URL) {
        let descriptor = open(folder.path(percentEncoded: false), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Writes `data` to the empty file at `url` and flushes it to the disk, so the rename never publishes a file
    /// whose bytes are still in flight.
    static func writeAndSynchronize(_ data: Data, to url: URL) throws {
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.write(contentsOf: data)
        try handle.synchronize()
    }

    // NB: `read(2)` by its module's name, because the method `read()` hides the free function inside this type.
    private static func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
        #elseif canImport(Musl)
            Musl.read(descriptor, buffer, count)
        #else
            Darwin.read(descriptor, buffer, count)
        #endif
    }

    /// The error of the last failed system call.
    private static func lastError() -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
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

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
/// symbolic link or a file with other hard links (it would cut the link, and the file it points to, or the other
/// names, would silently stop being updated), and removes the temporary files of writes that were killed before they
/// could clean up.
///
/// Nothing is opened by name twice: the temporary file is created with `O_CREAT | O_EXCL`, which never follows a
/// symbolic link, and is written, flushed and given its permissions through that one descriptor. Before and after
/// the rename, `lstat` of the names must show the very file that descriptor wrote (same device and inode), so a
/// temporary name that someone swapped for a symbolic link fails the save instead of sending the bytes elsewhere.
/// A read opens the file without blocking, refuses anything but a regular file, and stops at ``sizeLimit``.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct AtomicFile: Sendable {
    /// Why a write refused to replace the file.
    struct SymbolicLinkError: Error, CustomStringConvertible {
        var description: String { "it is a symbolic link, and todos never writes through one" }
    }

    /// Why a file was not read or not replaced: it is a FIFO, a device, a folder, too large, or was swapped.
    struct FileKindError: Error, CustomStringConvertible {
        var description: String
    }

    /// Why a save failed after its rename: what now has the file's name is not the file the save wrote.
    struct ReplacedError: Error, CustomStringConvertible {
        var description: String
    }

    /// Why a save failed: its folder was removed, or another was put in its place, while it ran.
    struct FolderGoneError: Error, CustomStringConvertible {
        /// The folder's path, without a trailing `/`.
        var path: String

        init(folder: URL) {
            path = folder.path(percentEncoded: false)
            if path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        }

        var description: String { "the data folder \(path) disappeared or was replaced during the save" }
    }

    /// A moment of a save at which a test may change the folder, as another user of a shared folder could.
    enum SaveStep {
        /// The temporary file is written and flushed, and not yet checked.
        case written
        /// The temporary file was checked, and is about to be renamed.
        case checked
    }

    /// How old a temporary file of ours must be before a later write removes it: no write takes a minute.
    static let staleAge: TimeInterval = 60

    /// The largest file a read accepts: a todo list or settings file is far smaller, so more is not ours.
    static let sizeLimit = 64 * 1024 * 1024

    /// The file.
    let url: URL
    /// Writes and flushes the bytes of a new temporary file, which exists, is empty and is open as the descriptor;
    /// tests replace it with one that fails part-way.
    var writeTemporaryFile: @Sendable (Data, Int32) throws -> Void = AtomicFile.writeAndSynchronize
    /// Called with the temporary file at each step of a save between its write and its rename; tests swap it for a
    /// symbolic link there, as another user of a shared folder could.
    var duringSave: @Sendable (_ step: SaveStep, _ temporary: URL) -> Void = { _, _ in }

    /// The file's path, for messages.
    var path: String { url.path(percentEncoded: false) }

    /// The file's bytes and its ``Version``, or `nil` when there is no file (and no folder).
    ///
    /// Only a missing file is `nil`: a folder that cannot be searched, a file that cannot be read, a FIFO, a device,
    /// a folder in the file's place or a file over ``sizeLimit`` is an error, never an empty file. A symbolic link is
    /// read through.
    func read() throws -> (data: Data, version: Version)? {
        // Non-blocking, so that opening a FIFO returns at once instead of waiting for a writer.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw Self.lastError()
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Self.lastError() }
        if let kind = Self.kind(ofNonRegular: status.st_mode) {
            throw FileKindError(description: "it is \(kind), not a regular file")
        }
        guard Int(status.st_size) <= Self.sizeLimit else { throw Self.tooLarge }
        do {
            // The file may grow while it is read; the version, taken before, then tells the next save so.
            return (try FileDescriptor.readToEnd(descriptor, limit: Self.sizeLimit), Version(status))
        } catch is FileDescriptor.TooLarge {
            throw Self.tooLarge
        }
    }

    /// Replaces the file's bytes, creating its folder if needed, with the permissions the file had; refuses bytes
    /// over ``sizeLimit`` before it touches anything.
    ///
    /// - Parameters:
    ///   - data: The new bytes.
    ///   - version: The ``Version`` of the file that the bytes replace, as it was read, or `nil` when there was no
    ///     file: the save fails with ``ChangedError`` when the file is no longer that one.
    func write(_ data: Data, replacing version: Version?) throws {
        // A file that `read()` would refuse is never made: every later command would fail on it.
        guard data.count <= Self.sizeLimit else {
            throw FileKindError(
                description: "the new file would be larger than \(Self.sizeLimit / 1024 / 1024) MiB, which todos could "
                    + "not read back")
        }
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let folderIdentity = Self.identity(of: folder)
        do {
            try write(data, replacing: version, in: folder)
        } catch {
            // A folder removed (`rm -rf`) or replaced during the save fails a later step with a reason about the
            // temporary file or the data file (missing, or another file), which is not what happened.
            guard Self.identity(of: folder) == folderIdentity else { throw FolderGoneError(folder: folder) }
            throw error
        }
    }

    /// The steps of ``write(_:replacing:)`` once the folder exists.
    private func write(_ data: Data, replacing version: Version?, in folder: URL) throws {
        let permissions = try existingPermissions()
        removeStaleTemporaryFiles(in: folder)
        let temporary = folder.appending(component: "\(temporaryPrefix)\(UUID().uuidString).tmp")
        let temporaryPath = temporary.path(percentEncoded: false)
        // `O_EXCL` makes `open` fail on any existing name, a symbolic link included: the file is ours and new.
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw Self.lastError() }
        defer { close(descriptor) }
        var renamed = false
        do {
            // Given its final permissions before any byte is in it, so a private file is never readable by others,
            // not even for a moment.
            if let permissions, fchmod(descriptor, permissions) != 0 { throw Self.lastError() }
            try writeTemporaryFile(data, descriptor)
            var written = stat()
            guard fstat(descriptor, &written) == 0 else { throw Self.lastError() }
            duringSave(.written, temporary)
            guard Self.names(temporaryPath, written) else {
                throw FileKindError(
                    description: "\(temporaryPath) was replaced by another file before it could be renamed; the "
                        + "folder is shared with someone who changes it")
            }
            guard try Version.current(at: path) == version else { throw ChangedError() }
            duringSave(.checked, temporary)
            guard rename(temporaryPath, path) == 0 else { throw Self.lastError() }
            renamed = true
            // What now has the file's name must still be what was written: a swap between the check and the
            // rename shows here. The bytes never went anywhere but the file this save created.
            guard Self.names(path, written) else {
                throw ReplacedError(
                    description: "the temporary file was replaced by another file between its check and its "
                        + "rename, so another file now has this name; the folder is shared with someone who changes it")
            }
        } catch {
            // `unlink` removes a name, never what a symbolic link points to.
            if !renamed { unlink(temporaryPath) }
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
        if let kind = Self.kind(ofNonRegular: status.st_mode) {
            throw FileKindError(description: "it is \(kind), not a regular file")
        }
        // The rename would cut the file from its other names, which would keep the old contents: as for a symbolic
        // link, the file they share would silently stop being updated.
        if status.st_nlink > 1 {
            throw FileKindError(
                description: "it has \(status.st_nlink) hard links, and a save would cut it from the others, which "
                    + "would keep the old contents; remove the other links, or keep a copy instead")
        }
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
        let descriptor = open(folder.path(percentEncoded: false), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Writes `data` to the empty file open as `descriptor` and flushes it to the disk, so the rename never
    /// publishes a file whose bytes are still in flight.
    static func writeAndSynchronize(_ data: Data, to descriptor: Int32) throws {
        try FileDescriptor.writeAll(data, to: descriptor)
        guard fsync(descriptor) == 0 else { throw lastError() }
    }

    /// Whether `path` names the file whose status is `written` (same device and inode), without following a link.
    private static func names(_ path: String, _ written: stat) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_dev == written.st_dev && status.st_ino == written.st_ino
    }

    /// The device and inode of the folder at `folder`, its links followed, or `nil` when there is none.
    private static func identity(of folder: URL) -> [UInt64]? {
        var status = stat()
        guard stat(folder.path(percentEncoded: false), &status) == 0 else { return nil }
        return [UInt64(status.st_dev), UInt64(status.st_ino)]
    }

    /// What a file of mode `mode` is, said for a message, or `nil` for a regular file.
    static func kind(ofNonRegular mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "a special file"
        }
    }

    private static var tooLarge: FileKindError {
        FileKindError(description: "it is larger than \(sizeLimit / 1024 / 1024) MiB, more than a todos file holds")
    }

    /// The error of the last failed system call.
    static func lastError() -> POSIXError {
        FileDescriptor.lastError()
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

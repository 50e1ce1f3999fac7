import Foundation
import TodosCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The advisory lock of one data file: `flock(2)` on `.<name>.lock` beside it.
///
/// The lock lives in a file of its own because a save replaces the data file by renaming another over it: a lock
/// held on the old data file would guard a file that no longer has the name. The lock file is never removed, since
/// a process could otherwise lock a file that another has just unlinked. `flock` locks belong to the open file, so
/// the kernel releases them when a process dies, also when it is killed mid-save.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct FileLock: Sendable {
    /// Whether other holders may hold the lock at the same time.
    enum Mode {
        /// Readers: any number at once, never with a writer.
        case shared
        /// A writer: alone.
        case exclusive
    }

    /// The data file the lock guards, for messages.
    let dataFile: AtomicFile
    /// How long to wait, and what to say meanwhile.
    let locking: FileLocking

    /// The lock file: `.todos.json.lock` for `todos.json`.
    var url: URL {
        dataFile.url.deletingLastPathComponent().appending(component: ".\(dataFile.url.lastPathComponent).lock")
    }

    /// Runs `body` while holding the lock in `mode`.
    ///
    /// An exclusive lock creates the folder and the lock file when needed. A shared lock never creates anything: when
    /// there is no lock file to lock (nothing was ever saved here) or it cannot be opened, `body` runs without it,
    /// which is safe because saves replace the data file atomically; `body` then reports any problem with the folder.
    ///
    /// The lock file is opened without following a symbolic link and without blocking, and must be a regular file:
    /// a link planted at its name would otherwise make todos create a file wherever it points, and a FIFO would make
    /// it wait forever. Either is refused with the lock file's path.
    func withLock<Result>(
        _ mode: Mode,
        _ body: () throws(FileStorageError) -> Result
    ) throws(FileStorageError) -> Result {
        let path = url.path(percentEncoded: false)
        let descriptor: Int32
        switch mode {
        case .shared:
            descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            if descriptor < 0 {
                if errno == ELOOP {
                    throw .unreadable(path: dataFile.path, reason: notRegular(path, "a symbolic link"))
                }
                return try body()
            }
        case .exclusive:
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw saveFailed(Self.danglingLink(above: url) ?? AtomicFile.reason(error))
            }
            descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
            if descriptor < 0 {
                if errno == ELOOP {
                    throw saveFailed(notRegular(path, "a symbolic link"))
                }
                throw saveFailed("cannot create its lock file \(path): \(errnoText())")
            }
        }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, let kind = AtomicFile.kind(ofNonRegular: status.st_mode) {
            let reason = notRegular(path, kind)
            throw mode == .shared
                ? .unreadable(path: dataFile.path, reason: reason) : saveFailed(reason)
        }
        try acquire(descriptor, operation: mode == .shared ? LOCK_SH : LOCK_EX, path: path)
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// Why no folder can be created at the folder of `file` when a symbolic link to nothing is on the way: `mkdir`
    /// never creates through one (it says "File exists"), so the message names the link and where it points.
    private static func danglingLink(above file: URL) -> String? {
        var folder = file.deletingLastPathComponent()
        while folder.path(percentEncoded: false).count > 1 {
            var path = folder.path(percentEncoded: false)
            if path.hasSuffix("/") { path.removeLast() }
            var status = stat()
            if lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK && stat(path, &status) != 0,
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path)
            {
                return "the folder \(path) is a symbolic link to \(target), which does not exist; create that folder, "
                    + "or remove the link"
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// The error of a change that failed before it read the data file, for `reason`: it says that the previous file
    /// is unchanged only when there is one.
    private func saveFailed(_ reason: String) -> FileStorageError {
        let code = errno
        defer { errno = code }
        var status = stat()
        let missing = lstat(dataFile.path, &status) != 0 && (errno == ENOENT || errno == ENOTDIR)
        return .saveFailed(path: dataFile.path, reason: reason, hadFile: !missing)
    }

    /// The reason for refusing a lock file at `path` that is `kind`.
    private func notRegular(_ path: String, _ kind: String) -> String {
        "its lock file \(path) is \(kind), not a regular file; remove it and try again"
    }

    /// Takes the lock, polling with a short, growing, jittered pause, so that many waiting processes do not wake in
    /// step; says so once after `noticeAfter`, and gives up after `giveUpAfter`.
    private func acquire(_ descriptor: Int32, operation: Int32, path: String) throws(FileStorageError) {
        let start = ProcessInfo.processInfo.systemUptime
        var pause = 0.001
        var noticed = false
        while flock(descriptor, operation | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw saveFailed("cannot lock \(path): \(errnoText())")
            }
            let waited = ProcessInfo.processInfo.systemUptime - start
            // The notice first: a run that gives up has always said that it waited, however late it looked again.
            if !noticed && waited >= locking.noticeAfter {
                noticed = true
                locking.onWait(path)
            }
            if waited >= locking.giveUpAfter {
                throw .busy(path: dataFile.path, seconds: locking.giveUpAfter)
            }
            Thread.sleep(forTimeInterval: pause * Double.random(in: 0.5...1.5))
            pause = min(pause * 2, 0.02)
        }
    }

    private func errnoText() -> String {
        String(cString: strerror(errno))
    }
}

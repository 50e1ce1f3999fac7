import Foundation

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
    func withLock<Result>(
        _ mode: Mode,
        _ body: () throws(TodoStorageError) -> Result
    ) throws(TodoStorageError) -> Result {
        let path = url.path(percentEncoded: false)
        let descriptor: Int32
        switch mode {
        case .shared:
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            if descriptor < 0 { return try body() }
        case .exclusive:
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw .saveFailed(path: dataFile.path, reason: AtomicFile.reason(error))
            }
            descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            if descriptor < 0 {
                throw .saveFailed(path: dataFile.path, reason: "cannot create its lock file \(path): \(errnoText())")
            }
        }
        defer { close(descriptor) }
        try acquire(descriptor, operation: mode == .shared ? LOCK_SH : LOCK_EX, path: path)
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// Takes the lock, polling with a short, growing, jittered pause, so that many waiting processes do not wake in
    /// step; says so once after `noticeAfter`, and gives up after `giveUpAfter`.
    private func acquire(_ descriptor: Int32, operation: Int32, path: String) throws(TodoStorageError) {
        let start = ProcessInfo.processInfo.systemUptime
        var pause = 0.001
        var noticed = false
        while flock(descriptor, operation | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw .saveFailed(path: dataFile.path, reason: "cannot lock \(path): \(errnoText())")
            }
            let waited = ProcessInfo.processInfo.systemUptime - start
            if waited >= locking.giveUpAfter {
                throw .busy(path: dataFile.path, seconds: locking.giveUpAfter)
            }
            if !noticed && waited >= locking.noticeAfter {
                noticed = true
                locking.onWait(path)
            }
            Thread.sleep(forTimeInterval: pause * Double.random(in: 0.5...1.5))
            pause = min(pause * 2, 0.02)
        }
    }

    private func errnoText() -> String {
        String(cString: strerror(errno))
    }
}

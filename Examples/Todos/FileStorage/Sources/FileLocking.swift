public import Foundation

/// How long a file storage waits for another process that holds its lock, and what it does meanwhile.
///
/// Every change to a data file happens under an exclusive advisory lock (`flock(2)` on a lock file beside it), and
/// every read under a shared one, so two processes never save over each other. A process that finds the lock taken
/// waits; after ``noticeAfter`` it calls ``onWait`` once (the command-line app prints "waiting for another todos
/// process…"), and after ``giveUpAfter`` it gives up with `FileStorageError.busy` and changes
/// nothing.
///
/// ```swift
/// let locking = FileLocking(noticeAfter: 1, giveUpAfter: 10) { _ in print("waiting…") }
/// let storage = FileTodoStorage(url: URL(filePath: "/tmp/todos.json"), locking: locking)
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public struct FileLocking: Sendable {
    /// Seconds of waiting before ``onWait`` is called.
    public var noticeAfter: TimeInterval
    /// Seconds of waiting before the storage gives up.
    public var giveUpAfter: TimeInterval
    /// Called once, with the lock file's path, when a wait has lasted ``noticeAfter``.
    public var onWait: @Sendable (_ lockPath: String) -> Void

    /// Waiting rules for a file storage.
    ///
    /// - Parameters:
    ///   - noticeAfter: Seconds of waiting before `onWait` is called; 1 unless given.
    ///   - giveUpAfter: Seconds of waiting before the storage gives up; 10 unless given.
    ///   - onWait: Called once, with the lock file's path, when a wait has lasted `noticeAfter`; nothing unless given.
    public init(
        noticeAfter: TimeInterval = 1,
        giveUpAfter: TimeInterval = 10,
        onWait: @escaping @Sendable (_ lockPath: String) -> Void = { _ in }
    ) {
        self.noticeAfter = noticeAfter
        self.giveUpAfter = giveUpAfter
        self.onWait = onWait
    }

    /// Wait up to 10 seconds, silently.
    public static let standard = FileLocking()
}

import Foundation

/// How long `todos` waits for another `todos` that holds the data files' lock: 1 s before it says so, 10 s before it
/// gives up. `TODOS_LOCK_NOTICE` and `TODOS_LOCK_TIMEOUT` (seconds) change them, so that tests need not wait 10 s.
///
/// ```swift
/// let locking = try LockTimings.locking(environment: ["TODOS_LOCK_TIMEOUT": "0.5"]) { _ in }
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public enum LockTimings {
    /// The variable that sets the seconds of waiting before the notice.
    static let noticeVariable = "TODOS_LOCK_NOTICE"
    /// The variable that sets the seconds of waiting before `todos` gives up.
    static let timeoutVariable = "TODOS_LOCK_TIMEOUT"

    /// The locking rules for `environment`.
    ///
    /// - Parameters:
    ///   - environment: The process environment.
    ///   - onWait: Called once, with the lock file's path, when a wait has lasted the notice time.
    /// - Returns: How long to wait before the notice and before giving up.
    /// - Throws: The bad input of a variable that is not a number of seconds.
    public static func locking(
        environment: [String: String],
        onWait: @escaping @Sendable (_ lockPath: String) -> Void
    ) throws(BadInput) -> FileLocking {
        let standard = FileLocking.standard
        return FileLocking(
            noticeAfter: try seconds(noticeVariable, in: environment) ?? standard.noticeAfter,
            giveUpAfter: try seconds(timeoutVariable, in: environment) ?? standard.giveUpAfter,
            onWait: onWait
        )
    }

    private static func seconds(_ variable: String, in environment: [String: String]) throws(BadInput) -> Double? {
        guard let text = environment[variable], !text.isEmpty else { return nil }
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
            throw BadInput("\(variable)='\(text)' is not a number of seconds")
        }
        return seconds
    }
}

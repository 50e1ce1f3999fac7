import Foundation
import TodosCore

/// How long `todos` waits for another `todos` that holds the data files' lock: 1 s before it says so, 10 s before it
/// gives up. `TODOS_LOCK_NOTICE` and `TODOS_LOCK_TIMEOUT` (seconds) change them, so that tests need not wait 10 s.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
enum LockTimings {
    /// The variable that sets the seconds of waiting before the notice.
    static let noticeVariable = "TODOS_LOCK_NOTICE"
    /// The variable that sets the seconds of waiting before `todos` gives up.
    static let timeoutVariable = "TODOS_LOCK_TIMEOUT"

    /// The locking rules for `environment`, or the usage error for a variable that is not a number of seconds.
    static func locking(
        environment: [String: String],
        onWait: @escaping @Sendable (_ lockPath: String) -> Void
    ) throws(UsageError) -> FileLocking {
        let standard = FileLocking.standard
        return FileLocking(
            noticeAfter: try seconds(noticeVariable, in: environment) ?? standard.noticeAfter,
            giveUpAfter: try seconds(timeoutVariable, in: environment) ?? standard.giveUpAfter,
            onWait: onWait
        )
    }

    private static func seconds(_ variable: String, in environment: [String: String]) throws(UsageError) -> Double? {
        guard let text = environment[variable], !text.isEmpty else { return nil }
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
            throw UsageError("\(variable)='\(text)' is not a number of seconds")
        }
        return seconds
    }
}

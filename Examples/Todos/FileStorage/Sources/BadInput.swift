/// Input that `todos` refuses before it reads or writes anything: an argument or a variable that is not UTF-8, a
/// data folder it cannot trust, a lock timing that is not a number. The command-line app prints the message with the
/// usage and exits with status 2.
///
/// ```swift
/// throw BadInput("TODOS_LOCK_TIMEOUT='soon' is not a number of seconds")
/// ```
public struct BadInput: Error, Equatable {
    /// One line that names the problem and what to do.
    public var message: String

    /// Bad input described by `message`.
    ///
    /// - Parameter message: One line that names the problem and what to do.
    public init(_ message: String) {
        self.message = message
    }
}

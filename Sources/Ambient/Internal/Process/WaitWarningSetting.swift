/// `AMBIENT_WAIT_WARNING_SECONDS`: how many seconds a thread waits for another thread's creation of a default before
/// it names the wait (Semantics: cycles are named).
///
/// Every value is either used or refused, and none can stop the process. A number of seconds above zero is used; one
/// above ``longest`` is clamped to it, since a condition variable handed a deadline centuries away (`inf`, `1e308`,
/// `1e10`) stops the process, and a day already means "never" for a wait a person watches. Anything else — not a
/// number, zero, a negative number, `nan` — is refused with one line on standard error, and ``standard`` is used.
enum WaitWarningSetting {
    static let variable = "AMBIENT_WAIT_WARNING_SECONDS"
    /// The wait when the variable is unset or refused.
    static let standard = 5.0
    /// The longest wait used: one day.
    static let longest = 86_400.0

    /// The seconds that `text`, the variable's value, asks for, and the line that refuses it, if it is refused.
    static func seconds(from text: String?) -> (seconds: Double, refusal: String?) {
        guard let text else { return (standard, nil) }
        guard let seconds = Double(text), seconds > 0 else {
            return (standard, refusal(of: text))
        }
        return (min(seconds, longest), nil)
    }

    /// The line that refuses `text`.
    static func refusal(of text: String) -> String {
        """
        Ambient: \(variable) is "\(VisibleText.escaping(text))", which is not a number of seconds above zero, so it is \
        ignored: a thread that waits for another thread's creation says so after 5 seconds.
        """
    }

    /// The seconds the process's environment asks for; a refusal is written to standard error.
    static func fromEnvironment() -> Double {
        let (seconds, refusal) = seconds(from: ProcessEnvironment.variables[variable])
        if let refusal { ProcessEnvironment.writeToStandardError(refusal + "\n") }
        return seconds
    }
}

/// `AMBIENT_WAIT_WARNING_SECONDS`: how many seconds a thread waits for another thread's creation of a default before
/// it names the wait (Semantics: cycles are named).
///
/// Every value is either used or refused, and none can stop the process. A number of seconds above zero is used; one
/// above a day is clamped to a day, since a condition variable handed a deadline centuries away (`inf`, `1e308`,
/// `1e10`) stops the process, and a day already means "never" for a wait a person watches. Anything else — not a
/// number, zero, a negative number, `nan` — is refused with one line on standard error, and 5 seconds are used.
enum WaitWarningSetting {
    static let variable = "AMBIENT_WAIT_WARNING_SECONDS"

    /// The seconds that `text`, the variable's value, asks for, and the line that refuses it, if it is refused.
    static func seconds(from text: String?) -> (seconds: Double, refusal: String?) {
        guard let text else { return (5, nil) }
        guard let seconds = Double(text), seconds > 0 else {
            let refusal = """
                Ambient: \(variable) is "\(visible: text)", which is not a number of seconds above zero, \
                so it is ignored: a thread that waits for another thread's creation says so after 5 seconds.
                """
            return (5, refusal)
        }
        return (min(seconds, 86_400), nil)
    }

    /// The seconds the process's environment asks for; a refusal is written to standard error.
    static func fromEnvironment() -> Double {
        let (seconds, refusal) = seconds(from: ProcessEnvironment.variables[variable])
        if let refusal { ProcessEnvironment.writeToStandardError(refusal + "\n") }
        return seconds
    }
}

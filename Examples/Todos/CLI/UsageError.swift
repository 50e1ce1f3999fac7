import TodosFileStorage

/// Bad input: what is wrong, and the usage of the command it was meant for (exit status 2, nothing changed).
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct UsageError: Error, Equatable {
    /// One line that names the problem.
    var message: String
    /// The usage line to show after it.
    var usage: String

    /// The error for `command`, or for `todos` as a whole when the command is not known.
    init(_ message: String, command: CommandName? = nil) {
        self.message = message
        usage = command?.usage ?? "todos [COMMAND] [OPTIONS]   (todos help lists the commands)"
    }

    /// The error for input that the file layer refused, with the usage of `todos` as a whole.
    init(_ input: BadInput) {
        self.init(input.message)
    }

    /// The text printed on standard error.
    var text: String {
        "error: \(TerminalText.visible(message))\nusage: \(usage)\n"
    }
}

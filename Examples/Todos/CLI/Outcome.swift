import TodosFileStorage

/// What a run of `todos` prints and the status it exits with: `0` done, `1` the data could not be read or saved,
/// `2` bad input (nothing was changed).
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct Outcome: Equatable {
    /// What goes to standard output.
    var output = ""
    /// What goes to standard error.
    var errorOutput = ""
    /// The exit status.
    var status: Int32 = 0

    /// A run refused for bad input.
    static func usage(_ error: UsageError) -> Outcome {
        Outcome(errorOutput: error.text, status: 2)
    }

    /// A run stopped because the data could not be read or saved.
    static func failure(_ message: String) -> Outcome {
        Outcome(errorOutput: "error: \(TerminalText.visible(message))\n", status: 1)
    }

    /// The outcome with every control character but its own line breaks made visible, so nothing printed can drive
    /// the terminal.
    var visible: Outcome {
        Outcome(
            output: TerminalText.visibleLines(output),
            errorOutput: TerminalText.visibleLines(errorOutput),
            status: status
        )
    }
}

import TodosFileStorage

/// The text of `todos help`.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
enum Help {
    static var text: String {
        let commands = CommandName.allCases.map { "  \($0.usage)\n      \($0.summary)" }
        return """
            todos: a todo list kept by Ambient store objects.

            Usage:
              todos
                  Show the list and a hint.
            \(commands.joined(separator: "\n"))

            N and M are the positions that `todos list` prints.

            Options for every command:
              --data-dir PATH   Keep the data in PATH. Default: $TODOS_DATA_DIR, else $XDG_DATA_HOME/todos,
                                else ~/.local/share/todos.
              --scenario NAME   Start on a scenario, its todos in memory: empty or samples (also
                                -AmbientScenario NAME, or AMBIENT_SCENARIO=NAME).
              -h, --help        Show the usage.

            Environment:
              TODOS_DATA_DIR=PATH       Keep the data in PATH (--data-dir wins).
              AMBIENT_CONTEXT=preview   Show sample data kept in memory (also XCODE_RUNNING_FOR_PREVIEWS=1);
                                        nothing is read from or written to disk, and changes are refused unless
                                        TODOS_DATA_DIR or --data-dir names a folder, which is then used.
              AMBIENT_CONTEXT=testing   Data in memory: changes are refused unless TODOS_DATA_DIR or --data-dir
                                        names a folder, which is then used.
            \(CommandLineFiles.environmentHelp)
            """
    }

    /// The usage of one command.
    static func text(for command: CommandName) -> String {
        "usage: \(command.usage)\n\(command.summary)\n"
    }
}

/// The text of `todos help`.
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
              -h, --help        Show the usage.

            Environment:
              AMBIENT_CONTEXT=preview   Show sample data kept in memory; nothing is read from or written to disk.

            """
    }

    /// The usage of one command.
    static func text(for command: CommandName) -> String {
        "usage: \(command.usage)\n\(command.summary)\n"
    }
}

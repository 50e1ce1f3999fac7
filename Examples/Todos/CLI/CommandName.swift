/// The commands of `todos`, with their usage lines and the options each accepts.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
enum CommandName: String, CaseIterable {
    case add
    case list
    case done
    case undo
    case rm
    case move
    case clearDone = "clear-done"
    case settings
    case help
    case explain

    /// The command's usage line, shown by `help` and after an error.
    var usage: String {
        switch self {
        case .add: "todos add TITLE [--priority N]"
        case .list: "todos list [--order date|priority] [--all|--open|--done]"
        case .done: "todos done N"
        case .undo: "todos undo N"
        case .rm: "todos rm N"
        case .move: "todos move N M"
        case .clearDone: "todos clear-done"
        case .settings: "todos settings [--sleep-goal HOURS] [--notifications on|off]"
        case .help: "todos help [COMMAND]"
        case .explain: "todos explain [--graph dot|mermaid]"
        }
    }

    /// What the command does, in one line.
    var summary: String {
        switch self {
        case .add:
            "Add a todo at the end; priority \(Limits.priority.lowerBound) to \(Limits.priority.upperBound), higher first (default 0)."
        case .list: "Show the todos; --order sorts the list for good, --open and --done filter it."
        case .done: "Mark todo N done."
        case .undo: "Mark todo N not done."
        case .rm: "Remove todo N."
        case .move: "Move todo N to position M."
        case .clearDone: "Remove every todo that is done."
        case .settings: "Show the settings, after changing those given (sleep goal \(Limits.sleepGoalText) hours)."
        case .help: "Show this help, or one command's usage."
        case .explain: "Show where the todo storage, its folder and the settings store come from, or their graph."
        }
    }

    /// The options the command accepts, besides `--data-dir` and `--help`.
    var options: Set<Option> {
        switch self {
        case .add: [.priority]
        case .list: [.order, .all, .open, .done]
        case .settings: [.sleepGoal, .notifications]
        case .explain: [.graph]
        case .done, .undo, .rm, .move, .clearDone, .help: []
        }
    }
}

/// The options of `todos`, long form only (`-h` is `--help`).
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
enum Option: String, CaseIterable {
    case dataDirectory = "data-dir"
    case help
    case priority
    case order
    case all
    case open
    case done
    case sleepGoal = "sleep-goal"
    case notifications
    case graph

    /// Whether the option is followed by a value (`--priority 2` or `--priority=2`).
    var takesValue: Bool {
        switch self {
        case .dataDirectory, .priority, .order, .sleepGoal, .notifications, .graph: true
        case .help, .all, .open, .done: false
        }
    }

    /// The option as it is typed.
    var spelling: String { "--\(rawValue)" }
}

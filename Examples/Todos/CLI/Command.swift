/// What the user asked `todos` to do, parsed from the command line.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
enum Command: Equatable {
    /// No command: the list and a one-line hint. The other cases are the commands of ``CommandName``.
    case overview
    case list(order: ListOrder?, filter: ListFilter)
    case add(title: String, priority: Int)
    case done(position: Int)
    case undo(position: Int)
    case remove(position: Int)
    case move(from: Int, to: Int)
    case clearDone
    case settings(sleepGoal: Double?, notifications: Bool?)
    case help(CommandName?)
    case explain(graph: GraphFormat?)
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension Command {
    /// Whether the command reads the todos or the settings (`help` and `explain` touch neither).
    var usesData: Bool {
        switch self {
        case .help, .explain: false
        default: true
        }
    }

    /// Whether the command changes the todos or the settings (`list --order` sorts the list for good).
    var changesData: Bool {
        switch self {
        case .overview, .help, .explain: false
        case .list(let order, _): order != nil
        case .settings(let sleepGoal, let notifications): sleepGoal != nil || notifications != nil
        case .add, .done, .undo, .remove, .move, .clearDone: true
        }
    }
}

/// How `list --order` sorts the todos, for good.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
enum ListOrder: String, CaseIterable {
    case date
    case priority
}

/// How `explain --graph` prints the graph of which defaults read which keys.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
enum GraphFormat: String, CaseIterable {
    case dot
    case mermaid
}

/// Which todos `list` shows; positions stay those of the whole list.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
enum ListFilter: Equatable {
    case all
    case open
    case done
}

/// A parsed command line: the command, and the data folder if `--data-dir` chose one.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct Invocation: Equatable {
    var command: Command
    var dataDirectory: String?
}

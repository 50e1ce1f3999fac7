import TodosCore
import TodosFileStorage

/// How `todos` prints todos and numbers; titles with their control characters made visible.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
enum Format {
    /// Hours without a needless fraction: `8`, `7.5`.
    static func hours(_ hours: Double) -> String {
        if hours == hours.rounded(), abs(hours) < 1e15 {
            return String(Int(hours))
        }
        return String(hours)
    }

    /// One line of the list: `  2. [x] Call the dentist  (priority 2)`, the position padded to `width`.
    static func line(_ todo: Todo, position: Int, width: Int) -> String {
        let number = String(position)
        let padding = String(repeating: " ", count: max(0, width - number.count))
        let priority = todo.priority == 0 ? "" : "  (priority \(todo.priority))"
        return "\(padding)\(number). [\(todo.isDone ? "x" : " ")] \(title(todo))\(priority)"
    }

    /// A todo named in a message: `2. Call the dentist`.
    static func named(_ todo: Todo, position: Int) -> String {
        "\(position). \(title(todo))"
    }

    /// The todo's title as printed: `"Call\e[31m"` for a title that holds ESC.
    static func title(_ todo: Todo) -> String {
        TerminalText.visible(todo.title)
    }

    /// `1 todo`, `3 todos`.
    static func count(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}

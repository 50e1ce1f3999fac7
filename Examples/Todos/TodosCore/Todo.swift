public import Foundation

/// One thing to do. ``TodosStore`` takes its identifier and date from the `uuid` and `date` dependencies, so tests
/// that fix those get exact, repeatable todos.
///
/// ```swift
/// let todo = Todo(id: UUID(), title: "Water the plants", date: .now, priority: 2)
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public struct Todo: Identifiable, Hashable, Codable, Sendable {
    /// The todo's identity, stable across edits, saves and reorderings.
    public var id: UUID
    /// What to do.
    public var title: String
    /// When the todo was added.
    public var date: Date
    /// Whether it is done.
    public var isDone: Bool
    /// How much it matters: higher comes first when the list is ordered by priority.
    public var priority: Int

    /// Creates a todo, open and of priority `0` unless told otherwise.
    public init(id: UUID, title: String, date: Date, isDone: Bool = false, priority: Int = 0) {
        self.id = id
        self.title = title
        self.date = date
        self.isDone = isDone
        self.priority = priority
    }
}

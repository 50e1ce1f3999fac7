public import Foundation

/// One thing to do: what it is, when it was added, whether it is done, and how much it matters.
///
/// ``TodosStore`` creates todos with an identifier from the `uuid` dependency and a date from the `date`
/// dependency, so tests that fix those dependencies get exact, repeatable todos.
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

    /// Creates a todo.
    ///
    /// - Parameters:
    ///   - id: The todo's identity.
    ///   - title: What to do.
    ///   - date: When the todo was added.
    ///   - isDone: Whether it is done; `false` unless given.
    ///   - priority: How much it matters; `0` unless given.
    public init(id: UUID, title: String, date: Date, isDone: Bool = false, priority: Int = 0) {
        self.id = id
        self.title = title
        self.date = date
        self.isDone = isDone
        self.priority = priority
    }
}

import Synchronization

/// Where ``TodosStore`` loads its todos from and saves them to: a JSON file, or memory.
///
/// It is a dependency (`\.todoStorage`): the app gets ``file(at:)`` in its data folder, previews get sample todos in
/// memory, and tests get an empty list in memory, so no test ever touches the user's file.
///
/// ```swift
/// let store = withDependencies {
///     $0.todoStorage = .inMemory([Todo(id: UUID(), title: "Try Ambient", date: .now)])
/// } operation: {
///     TodosStore(dependencies: .current)
/// }
/// ```
public struct TodoStorage: Sendable {
    /// Where the todos are kept, for messages: a file path, or "memory".
    public let location: String
    private let loadTodos: @Sendable () throws(TodoStorageError) -> [Todo]
    private let saveTodos: @Sendable ([Todo]) throws(TodoStorageError) -> Void

    /// Creates a storage from its two operations, for a backend of your own.
    ///
    /// - Parameters:
    ///   - location: Where the todos are kept, for messages.
    ///   - load: Returns the saved todos; an empty list when nothing was saved yet.
    ///   - save: Replaces the saved todos with the given ones.
    public init(
        location: String,
        load: @escaping @Sendable () throws(TodoStorageError) -> [Todo],
        save: @escaping @Sendable ([Todo]) throws(TodoStorageError) -> Void
    ) {
        self.location = location
        loadTodos = load
        saveTodos = save
    }

    /// The saved todos, or an empty list when nothing was saved yet.
    ///
    /// - Returns: The todos in their saved order.
    /// - Throws: ``TodoStorageError/unreadable(path:reason:)`` or ``TodoStorageError/corrupt(path:reason:)``.
    public func load() throws(TodoStorageError) -> [Todo] {
        try loadTodos()
    }

    /// Replaces the saved todos, all at once or not at all.
    ///
    /// - Parameter todos: The todos to keep, in order.
    /// - Throws: ``TodoStorageError/saveFailed(path:reason:)``; the previous todos are then still saved.
    public func save(_ todos: [Todo]) throws(TodoStorageError) {
        try saveTodos(todos)
    }
}

extension TodoStorage {
    /// Todos kept in memory for the storage's lifetime: for previews and tests.
    ///
    /// - Parameter todos: The todos it starts with.
    /// - Returns: A storage whose saves are seen by its later loads.
    public static func inMemory(_ todos: [Todo] = []) -> TodoStorage {
        let saved = SavedTodos(todos)
        return TodoStorage(
            location: "memory",
            load: { saved.todos.withLock { $0 } },
            save: { todos in saved.todos.withLock { $0 = todos } }
        )
    }
}

/// The todos of an in-memory storage.
private final class SavedTodos: Sendable {
    let todos: Mutex<[Todo]>
    init(_ todos: [Todo]) {
        self.todos = Mutex(todos)
    }
}

/// Where ``TodosStore`` loads its todos from and saves them to: a JSON file, or memory.
///
/// It is a dependency (`\.todoStorage`): the app gets ``file(at:locking:)`` in its data folder, previews get sample
/// todos in memory, and tests get an empty list in memory, so no test ever touches the user's file.
///
/// Changes go through ``update(_:)``, a read-modify-write: the storage reads what is saved now, applies the change
/// to that, and saves the result as one step that nothing else interleaves with. Two stores, two windows or two
/// processes on one storage therefore never undo each other's changes, whatever each of them last loaded.
///
/// ```swift
/// let store = withDependencies {
///     $0.todoStorage = .inMemory([Todo(id: UUID(), title: "Try Ambient", date: .now)])
/// } operation: {
///     TodosStore(dependencies: .current)
/// }
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public struct TodoStorage: Sendable {
    /// Where the todos are kept, for messages: a file path, or "memory".
    public let location: String
    private let loadTodos: @Sendable () throws(TodoStorageError) -> [Todo]
    private let updateTodos: @Sendable (_ change: (inout [Todo]) -> Void) throws(TodoStorageError) -> [Todo]

    /// Creates a storage from its two operations, for a backend of your own.
    ///
    /// - Parameters:
    ///   - location: Where the todos are kept, for messages.
    ///   - load: Returns the saved todos; an empty list when nothing was saved yet.
    ///   - update: Reads the saved todos, applies the change it is given to them, saves the result and returns it,
    ///     as one step that no other load or update interleaves with.
    public init(
        location: String,
        load: @escaping @Sendable () throws(TodoStorageError) -> [Todo],
        update: @escaping @Sendable (_ change: (inout [Todo]) -> Void) throws(TodoStorageError) -> [Todo]
    ) {
        self.location = location
        loadTodos = load
        updateTodos = update
    }

    /// The saved todos, or an empty list when nothing was saved yet.
    ///
    /// - Returns: The todos in their saved order.
    /// - Throws: ``TodoStorageError/unreadable(path:reason:)`` or ``TodoStorageError/corrupt(path:reason:)``, or
    ///   ``TodoStorageError/busy(path:seconds:)`` when another process held the lock too long.
    public func load() throws(TodoStorageError) -> [Todo] {
        try loadTodos()
    }

    /// Applies `change` to the todos saved now, and saves the result, all at once or not at all.
    ///
    /// `change` runs on the todos as they are saved at that moment, not as a store last saw them, and nothing else
    /// loads or changes the todos until the result is saved. It must not use the storage itself.
    ///
    /// ```swift
    /// let saved = try storage.update { $0.removeAll(where: \.isDone) }
    /// ```
    ///
    /// - Parameter change: The change to make.
    /// - Returns: The todos now saved.
    /// - Throws: What ``load()`` throws, when the saved todos cannot be read (nothing is saved then), or
    ///   ``TodoStorageError/saveFailed(path:reason:)``; the previous todos are then still saved.
    @discardableResult
    public func update(_ change: (inout [Todo]) -> Void) throws(TodoStorageError) -> [Todo] {
        try updateTodos(change)
    }

    /// Replaces the saved todos, all at once or not at all.
    ///
    /// - Parameter todos: The todos to keep, in order.
    /// - Throws: What ``update(_:)`` throws; the previous todos are then still saved.
    public func save(_ todos: [Todo]) throws(TodoStorageError) {
        try update { $0 = todos }
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension TodoStorage {
    /// Todos kept in memory for the storage's lifetime: for previews and tests.
    ///
    /// Copies of the storage share the todos, and each update runs under a lock, like the file storage's.
    ///
    /// - Parameter todos: The todos it starts with.
    /// - Returns: A storage whose saves are seen by its later loads.
    public static func inMemory(_ todos: [Todo] = []) -> TodoStorage {
        let saved = Locked(todos)
        return TodoStorage(
            location: "memory",
            load: { saved.withLock { $0 } },
            update: { change in
                saved.withLock { todos in
                    change(&todos)
                    return todos
                }
            }
        )
    }
}

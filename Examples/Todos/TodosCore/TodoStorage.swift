/// Where ``TodosStore`` loads its todos from and saves them to: the one interface between the stores and the disk.
///
/// It is the dependency `\.todoStorage`: previews and tests get an ``InMemoryTodoStorage``, and the app sets its own
/// where it starts (the command-line app: a file storage, which this module never sees). A change is one
/// read-modify-write (``update(_:)``), so stores on one storage never undo each other's changes.
///
/// ```swift
/// let store = withDependencies {
///     $0.todoStorage = .inMemory([Todo(id: UUID(), title: "Try Ambient", date: .now)])
/// } operation: {
///     TodosStore(dependencies: .current)
/// }
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public protocol TodoStorage: Sendable {
    /// Where the todos are kept, for messages: a file path, or "memory".
    var location: String { get }

    /// The saved todos in their order, or an empty list when nothing was saved yet; throws a read failure.
    func load() throws(TodoStorageError) -> [Todo]

    /// Applies `change` to the todos saved now, and saves the result, all at once or not at all: nothing else loads
    /// or changes the todos in between. `change` must not use the storage itself.
    ///
    /// ```swift
    /// let saved = try storage.update { $0.removeAll(where: \.isDone) }
    /// ```
    ///
    /// - Returns: The todos now saved.
    /// - Throws: What ``load()`` throws, or why the save failed; the previous todos are then still saved.
    @discardableResult
    func update(_ change: (inout [Todo]) -> Void) throws(TodoStorageError) -> [Todo]
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension TodoStorage {
    /// Replaces the saved todos, all at once or not at all.
    public func save(_ todos: [Todo]) throws(TodoStorageError) {
        try update { $0 = todos }
    }
}

/// Todos kept in memory for the storage's lifetime, for previews and tests; copies share them, under a lock.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public struct InMemoryTodoStorage: TodoStorage {
    /// `"memory"`.
    public let location = "memory"
    private let saved: Locked<[Todo]>

    /// A storage that starts with `todos`, and whose saves are seen by its later loads.
    public init(_ todos: [Todo] = []) {
        saved = Locked(todos)
    }

    /// The todos saved last.
    public func load() -> [Todo] {
        saved.withLock { $0 }
    }

    /// Applies `change` to the todos saved last, under the lock.
    @discardableResult
    public func update(_ change: (inout [Todo]) -> Void) -> [Todo] {
        saved.withLock { todos in
            change(&todos)
            return todos
        }
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension TodoStorage where Self == InMemoryTodoStorage {
    /// Todos kept in memory, starting with `todos`: `$0.todoStorage = .inMemory(Todo.samples)`.
    public static func inMemory(_ todos: [Todo] = []) -> InMemoryTodoStorage {
        InMemoryTodoStorage(todos)
    }
}

/// The live `\.todoStorage` until the app sets one: it refuses, so no change is kept in memory and lost.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct MissingTodoStorage: TodoStorage {
    let location = "nowhere"

    func load() throws(TodoStorageError) -> [Todo] {
        throw .missing
    }

    func update(_ change: (inout [Todo]) -> Void) throws(TodoStorageError) -> [Todo] {
        throw .missing
    }
}

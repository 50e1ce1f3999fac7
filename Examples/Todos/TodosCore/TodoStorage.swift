/// Where ``TodosStore`` loads its todos from and saves them to: the one interface between the stores and the disk.
///
/// It is a dependency (`\.todoStorage`): previews get ``InMemoryTodoStorage`` with sample todos, tests get an empty
/// one, and the app sets its own at its root — the command-line app sets the file storage of the example's
/// `FileStorage` folder, which this module never sees.
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
public protocol TodoStorage: Sendable {
    /// Where the todos are kept, for messages: a file path, or "memory".
    var location: String { get }

    /// The saved todos, or an empty list when nothing was saved yet.
    ///
    /// - Returns: The todos in their saved order.
    /// - Throws: Why they cannot be read (``TodoStorageError/isReadFailure`` is `true`).
    func load() throws(TodoStorageError) -> [Todo]

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
    /// - Throws: What ``load()`` throws (nothing is saved then), or why the save failed; the previous todos are then
    ///   still saved.
    @discardableResult
    func update(_ change: (inout [Todo]) -> Void) throws(TodoStorageError) -> [Todo]
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension TodoStorage {
    /// Replaces the saved todos, all at once or not at all.
    ///
    /// - Parameter todos: The todos to keep, in order.
    /// - Throws: What ``update(_:)`` throws; the previous todos are then still saved.
    public func save(_ todos: [Todo]) throws(TodoStorageError) {
        try update { $0 = todos }
    }
}

/// Todos kept in memory for the storage's lifetime: for previews and tests.
///
/// Copies of the storage share the todos, and each update runs under a lock, like the file storage's.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public struct InMemoryTodoStorage: TodoStorage {
    /// `"memory"`.
    public let location = "memory"
    private let saved: Locked<[Todo]>

    /// A storage whose saves are seen by its later loads.
    ///
    /// - Parameter todos: The todos it starts with.
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
    /// Todos kept in memory: `$0.todoStorage = .inMemory(Todo.samples)`.
    ///
    /// - Parameter todos: The todos it starts with.
    /// - Returns: A storage whose saves are seen by its later loads.
    public static func inMemory(_ todos: [Todo] = []) -> InMemoryTodoStorage {
        InMemoryTodoStorage(todos)
    }
}

/// The live value of `\.todoStorage` when the app set none: it reads nothing and refuses every change, so a store
/// built on it says what is missing instead of keeping changes that would vanish.
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

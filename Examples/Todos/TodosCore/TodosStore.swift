public import Ambient
public import Foundation
public import Observation

/// The todo list and the actions that change it: a store object, provided by dependencies.
///
/// It reads `\.todoStorage`, `\.uuid` and `\.date` when it is built. Every change is a read-modify-write against the
/// storage (``apply(_:)``), naming todos by identifier, so two stores on one storage never undo each other. While the
/// todos cannot be read the store refuses every change; a failed save leaves the previous todos saved and shown.
///
/// A SwiftUI view owns it with `@DependencyState`; a command-line tool or a test builds it from the current values:
///
/// ```swift
/// let store = TodosStore(dependencies: .current)
/// store.add(title: "Water the plants", priority: 1)
/// store.orderByPriority()
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor @Observable
public final class TodosStore: ObservableDependency {
    /// The todos, in the order the user chose, as the storage held them after the last load or change.
    public private(set) var todos: [Todo]

    /// Why the todos could not be read, or `nil`; while it is set the store refuses every change.
    public private(set) var loadError: TodoStorageError?

    /// Why the last change could not be saved, or `nil` when it was.
    public private(set) var saveError: TodoStorageError?

    /// Whether the store accepts changes: `false` while the todos cannot be read.
    public var isEditable: Bool { loadError == nil }

    @ObservationIgnored private let storage: any TodoStorage
    @ObservationIgnored private let uuid: UUIDGenerator
    @ObservationIgnored private let date: DateGenerator

    /// Builds the store from the `todoStorage`, `uuid` and `date` of `dependencies`, and loads the saved todos.
    public init(dependencies: DependencyValues) {
        storage = dependencies.todoStorage
        uuid = dependencies.uuid
        date = dependencies.date
        todos = []
        reload()
    }

    /// Loads the saved todos again: to see another store's changes, or after a ``loadError``.
    public func reload() {
        do {
            todos = try storage.load()
            loadError = nil
        } catch {
            loadError = error
        }
    }

    /// Applies `change` to the todos saved now, saves the result, and shows it: every action goes through here.
    ///
    /// `change` sees the saved todos, which may differ from ``todos``; find todos in it by identifier.
    ///
    /// ```swift
    /// store.apply { $0.removeAll { $0.title.isEmpty } }
    /// ```
    ///
    /// - Parameter change: The change, and what it reports.
    /// - Returns: What `change` returned, or `nil` when the change was refused or not saved (see ``loadError`` and
    ///   ``saveError``).
    @discardableResult
    public func apply<Result>(_ change: (inout [Todo]) -> Result) -> Result? {
        guard isEditable else { return nil }
        var result: Result?
        do {
            todos = try storage.update { result = change(&$0) }
            saveError = nil
            return result
        } catch {
            if error.isReadFailure {
                loadError = error
            } else {
                saveError = error
            }
            return nil
        }
    }

    /// Adds a todo at the end of the list, with a new identifier and the current date.
    ///
    /// - Returns: The new todo, or `nil` when it could not be saved.
    @discardableResult
    public func add(title: String, priority: Int = 0) -> Todo? {
        let todo = Todo(id: uuid(), title: title, date: date.now, priority: priority)
        return apply { $0.append(todo) }.map { todo }
    }

    /// Marks the todo with `id` done, or not done again; an unknown identifier changes nothing.
    public func toggle(_ id: Todo.ID) {
        apply { $0.toggle(id) }
    }

    /// Saves the fields of `edited` that differ from the todo shown with its identifier, as a row's binding hands it
    /// over, and leaves the fields that another store may have changed alone.
    public func update(_ edited: Todo) {
        guard let shown = todos.first(where: { $0.id == edited.id }) else { return }
        apply { todos in
            guard let index = todos.firstIndex(where: { $0.id == edited.id }) else { return }
            if edited.title != shown.title { todos[index].title = edited.title }
            if edited.date != shown.date { todos[index].date = edited.date }
            if edited.isDone != shown.isDone { todos[index].isDone = edited.isDone }
            if edited.priority != shown.priority { todos[index].priority = edited.priority }
        }
    }

    /// Removes the todos at `offsets` of ``todos``, as a SwiftUI `onDelete` hands them over.
    public func delete(atOffsets offsets: IndexSet) {
        let ids = Set(offsets.filter(todos.indices.contains).map { todos[$0].id })
        apply { $0.removeTodos(withIDs: ids) }
    }

    /// Moves the todos at `source` before the todo at `destination` (positions in ``todos``, counted before the
    /// move), as a SwiftUI `onMove` hands them over.
    public func move(fromOffsets source: IndexSet, toOffset destination: Int) {
        let ids = Set(source.filter(todos.indices.contains).map { todos[$0].id })
        // The first todo at or after the destination that stays put: the moved todos go before it.
        let anchor = todos.dropFirst(max(0, destination)).first { !ids.contains($0.id) }?.id
        apply { $0.moveTodos(withIDs: ids, before: anchor) }
    }

    /// Orders the todos from oldest to newest; todos of the same date keep their order.
    public func orderByDate() {
        apply { $0.orderByDate() }
    }

    /// Orders the todos from highest priority to lowest; todos of the same priority keep their order.
    public func orderByPriority() {
        apply { $0.orderByPriority() }
    }

    /// Removes every todo that is done.
    public func removeCompleted() {
        apply { $0.removeCompleted() }
    }
}

public import Ambient
public import Foundation
public import Observation

/// The todo list and the actions that change it: a store object, provided by dependencies.
///
/// The store owns one slice of app state (the todos) and every change to it. It reads three dependencies when it
/// is built: `\.todoStorage` to load and save, `\.uuid` and `\.date` to make new todos. Each change is saved at
/// once; a failed save leaves the previous file whole and is kept in ``saveError``.
///
/// A SwiftUI view owns it with `@DependencyState`; a command-line tool or a test builds it from the current values:
///
/// ```swift
/// let store = TodosStore(dependencies: .current)
/// store.add(title: "Water the plants", priority: 1)
/// store.orderByPriority()
/// ```
@MainActor @Observable
public final class TodosStore: ObservableDependency {
    /// The todos, in the order the user chose. Setting it (a SwiftUI binding to a row does) saves it.
    public var todos: [Todo] {
        didSet { save() }
    }

    /// Why the todos could not be loaded, or `nil`. While it is set nothing is saved, so the file that could not be
    /// read is never overwritten.
    public private(set) var loadError: TodoStorageError?

    /// Why the last save failed, or `nil` when it succeeded.
    public private(set) var saveError: TodoStorageError?

    @ObservationIgnored private let storage: TodoStorage
    @ObservationIgnored private let uuid: UUIDGenerator
    @ObservationIgnored private let date: DateGenerator

    /// Builds the store from `dependencies` and loads the saved todos.
    ///
    /// - Parameter dependencies: The values to read `todoStorage`, `uuid` and `date` from.
    public init(dependencies: DependencyValues) {
        storage = dependencies.todoStorage
        uuid = dependencies.uuid
        date = dependencies.date
        do {
            todos = try storage.load()
        } catch {
            todos = []
            loadError = error
        }
    }

    /// Adds a todo at the end of the list, with a new identifier and the current date.
    ///
    /// - Parameters:
    ///   - title: What to do.
    ///   - priority: How much it matters; higher comes first in ``orderByPriority()``.
    /// - Returns: The new todo.
    @discardableResult
    public func add(title: String, priority: Int = 0) -> Todo {
        let todo = Todo(id: uuid(), title: title, date: date.now, priority: priority)
        todos.append(todo)
        return todo
    }

    /// Marks a todo done, or not done again.
    ///
    /// - Parameter id: The todo's identifier; an unknown one changes nothing.
    public func toggle(_ id: Todo.ID) {
        guard let index = todos.firstIndex(where: { $0.id == id }) else { return }
        todos[index].isDone.toggle()
    }

    /// Removes the todos at `offsets`, as a SwiftUI `onDelete` hands them over.
    ///
    /// - Parameter offsets: Positions in ``todos``.
    public func delete(atOffsets offsets: IndexSet) {
        todos = todos.enumerated().filter { !offsets.contains($0.offset) }.map(\.element)
    }

    /// Moves the todos at `source` before the todo at `destination`, as a SwiftUI `onMove` hands them over.
    ///
    /// - Parameters:
    ///   - source: Positions in ``todos`` of the todos to move.
    ///   - destination: The position, counted before the move, to insert them before; `todos.count` for the end.
    public func move(fromOffsets source: IndexSet, toOffset destination: Int) {
        var kept: [Todo] = []
        var moved: [Todo] = []
        for (offset, todo) in todos.enumerated() {
            if source.contains(offset) { moved.append(todo) } else { kept.append(todo) }
        }
        let insertion = destination - source.count(in: 0..<min(destination, todos.count))
        kept.insert(contentsOf: moved, at: max(0, min(insertion, kept.count)))
        todos = kept
    }

    /// Orders the todos from oldest to newest; todos of the same date keep their order.
    public func orderByDate() {
        todos = stablySorted { $0.date < $1.date }
    }

    /// Orders the todos from highest priority to lowest; todos of the same priority keep their order.
    public func orderByPriority() {
        todos = stablySorted { $0.priority > $1.priority }
    }

    /// Removes every todo that is done.
    public func removeCompleted() {
        todos.removeAll(where: \.isDone)
    }

    private func stablySorted(by areInIncreasingOrder: (Todo, Todo) -> Bool) -> [Todo] {
        todos.enumerated()
            .sorted { lhs, rhs in
                if areInIncreasingOrder(lhs.element, rhs.element) { return true }
                if areInIncreasingOrder(rhs.element, lhs.element) { return false }
                return lhs.offset < rhs.offset
            }
            .map(\.element)
    }

    private func save() {
        guard loadError == nil else { return }
        do {
            try storage.save(todos)
            saveError = nil
        } catch {
            saveError = error
        }
    }
}

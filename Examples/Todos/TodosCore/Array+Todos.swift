public import Foundation

/// The changes a todo list can undergo, as plain functions of the list, so that ``TodosStore`` and the command-line
/// app can apply them inside ``TodoStorage/update(_:)`` to the todos saved at that moment.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension Array where Element == Todo {
    /// Marks the todo with `id` done, or not done again; an unknown identifier changes nothing.
    public mutating func toggle(_ id: Todo.ID) {
        guard let index = firstIndex(where: { $0.id == id }) else { return }
        self[index].isDone.toggle()
    }

    /// Removes the todos whose identifiers are in `ids`; the others keep their order.
    public mutating func removeTodos(withIDs ids: Set<Todo.ID>) {
        removeAll { ids.contains($0.id) }
    }

    /// Moves the todos at `source` before the todo at `destination` (counted before the move; `count` for the end), as
    /// a SwiftUI `onMove` hands them over: `[0]` to `3` makes `A B C D` into `B C A D`.
    public mutating func moveTodos(fromOffsets source: IndexSet, toOffset destination: Int) {
        var kept: [Todo] = []
        var moved: [Todo] = []
        for (offset, todo) in enumerated() {
            if source.contains(offset) { moved.append(todo) } else { kept.append(todo) }
        }
        let insertion = destination - source.count(in: 0..<Swift.min(destination, count))
        kept.insert(contentsOf: moved, at: Swift.max(0, Swift.min(insertion, kept.count)))
        self = kept
    }

    /// Moves the todos whose identifiers are `ids` before the todo with identifier `anchor`, or to the end when
    /// `anchor` is `nil` or no longer in the list; the moved todos keep their order.
    public mutating func moveTodos(withIDs ids: Set<Todo.ID>, before anchor: Todo.ID?) {
        let source = IndexSet(indices.filter { ids.contains(self[$0].id) })
        let destination = anchor.flatMap { anchor in firstIndex { $0.id == anchor } } ?? count
        moveTodos(fromOffsets: source, toOffset: destination)
    }

    /// Orders the todos from oldest to newest; todos of the same date keep their order.
    public mutating func orderByDate() {
        sortStably { $0.date < $1.date }
    }

    /// Orders the todos from highest priority to lowest; todos of the same priority keep their order.
    public mutating func orderByPriority() {
        sortStably { $0.priority > $1.priority }
    }

    /// Removes every todo that is done.
    public mutating func removeCompleted() {
        removeAll(where: \.isDone)
    }

    private mutating func sortStably(by areInIncreasingOrder: (Todo, Todo) -> Bool) {
        self = enumerated()
            .sorted { lhs, rhs in
                if areInIncreasingOrder(lhs.element, rhs.element) { return true }
                if areInIncreasingOrder(rhs.element, lhs.element) { return false }
                return lhs.offset < rhs.offset
            }
            .map(\.element)
    }
}

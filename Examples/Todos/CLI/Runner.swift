import Ambient
import Foundation
import TodosCore

/// Runs one command against the stores built from `dependencies`.
///
/// Every check that can refuse the command (a position out of range) runs before the first change, so bad input
/// changes nothing.
@MainActor
struct Runner {
    let dependencies: DependencyValues

    func run(_ command: Command) -> Outcome {
        do {
            var outcome: Outcome
            switch command {
            case .help(let topic):
                return Outcome(output: topic.map(Help.text(for:)) ?? Help.text)
            case .settings(let sleepGoal, let notifications):
                outcome = settings(sleepGoal: sleepGoal, notifications: notifications)
            default:
                let store = TodosStore(dependencies: dependencies)
                if let error = store.loadError { return .failure(error.description) }
                outcome = Outcome(output: try run(command, on: store))
                if let error = store.saveError { return .failure(error.description) }
            }
            if dependencies.context == .preview {
                outcome.output += "(Preview: sample data in memory. Nothing was read from or written to disk.)\n"
            }
            return outcome
        } catch {
            return .usage(error)
        }
    }

    private func run(_ command: Command, on store: TodosStore) throws(UsageError) -> String {
        switch command {
        case .overview:
            let open = store.todos.count { !$0.isDone }
            let hint =
                store.todos.isEmpty
                ? "Add one with: todos add \"Water the plants\" --priority 2   (todos help lists every command)"
                : "\(open) open, \(store.todos.count - open) done. Next: todos done N, todos add TITLE, todos help"
            return list(store.todos, filter: .all) + hint + "\n"
        case .list(let order, let filter):
            switch order {
            case .date: store.orderByDate()
            case .priority: store.orderByPriority()
            case nil: break
            }
            return list(store.todos, filter: filter)
        case .add(let title, let priority):
            let todo = store.add(title: title, priority: priority)
            return "Added \(Format.named(todo, position: store.todos.count))\n"
        case .done(let position):
            return try mark(position, done: true, in: store)
        case .undo(let position):
            return try mark(position, done: false, in: store)
        case .remove(let position):
            let index = try index(of: position, in: store, for: .rm)
            let todo = store.todos[index]
            store.delete(atOffsets: IndexSet(integer: index))
            return "Removed \(Format.named(todo, position: position))\n"
        case .move(let from, let to):
            let source = try index(of: from, in: store, for: .move)
            let target = try index(of: to, in: store, for: .move)
            let todo = store.todos[source]
            // `move(fromOffsets:toOffset:)` inserts before the todo at the offset: after the target when moving down.
            store.move(fromOffsets: IndexSet(integer: source), toOffset: target > source ? target + 1 : target)
            return "Moved \"\(todo.title)\" to position \(to)\n"
        case .clearDone:
            let done = store.todos.count(where: \.isDone)
            store.removeCompleted()
            return done == 0 ? "No done todos to remove.\n" : "Removed \(Format.count(done, "done todo")).\n"
        case .settings, .help:
            preconditionFailure("\(command) does not use the todos")
        }
    }

    private func mark(_ position: Int, done: Bool, in store: TodosStore) throws(UsageError) -> String {
        let todo = store.todos[try index(of: position, in: store, for: done ? .done : .undo)]
        guard todo.isDone != done else {
            return "\(done ? "Already done" : "Not done yet"): \(Format.named(todo, position: position))\n"
        }
        store.toggle(todo.id)
        return "\(done ? "Done" : "Not done"): \(Format.named(todo, position: position))\n"
    }

    private func list(_ todos: [Todo], filter: ListFilter) -> String {
        let shown = todos.indexed().filter { row in
            switch filter {
            case .all: true
            case .open: !row.element.isDone
            case .done: row.element.isDone
            }
        }
        guard !shown.isEmpty else {
            switch filter {
            case .all: return "No todos yet.\n"
            case .open: return "No open todos.\n"
            case .done: return "No done todos.\n"
            }
        }
        let width = String(todos.count).count
        return shown.map { Format.line($0.element, position: $0.index + 1, width: width) + "\n" }.joined()
    }

    /// The index in the list of `position`, as `list` prints it, or the error that says it is out of range.
    private func index(of position: Int, in store: TodosStore, for command: CommandName) throws(UsageError) -> Int {
        let count = store.todos.count
        guard count > 0, (1...count).contains(position) else {
            let range = count == 0 ? "the list is empty" : "the list has \(Format.count(count, "todo"))"
            throw UsageError("position \(position) is out of range (\(range))", command: command)
        }
        return position - 1
    }

    private func settings(sleepGoal: Double?, notifications: Bool?) -> Outcome {
        let settings = SettingsStore(dependencies: dependencies)
        if let sleepGoal { settings.sleepGoal = sleepGoal }
        if let notifications { settings.isNotificationsEnabled = notifications }
        return Outcome(
            output: """
                Sleep goal: \(Format.hours(settings.sleepGoal)) hours
                Notifications: \(settings.isNotificationsEnabled ? "on" : "off")

                """
        )
    }
}

import Ambient
import Foundation
import TodosCore
import TodosFileStorage

/// Runs one command against the stores built from `dependencies`. A change runs whole inside one
/// ``TodosStore/apply(_:)``, on the todos saved at that moment, so a position always means what `list` prints now.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
struct Runner {
    /// The values to build the stores from.
    let dependencies: DependencyValues
    /// The file that backs the settings, or `nil` to keep them in the context's `keyValueStore`.
    let settingsFile: SettingsFile?

    func run(_ command: Command) -> Outcome {
        var outcome: Outcome
        switch command {
        case .help(let topic):
            return Outcome(output: topic.map(Help.text(for:)) ?? Help.text)
        case .explain(let graph):
            return Outcome(output: Explanation.text(of: dependencies, graph: graph))
        case .settings(let sleepGoal, let notifications):
            do {
                outcome = Outcome(output: try settings(sleepGoal: sleepGoal, notifications: notifications))
            } catch {
                return .failure(error.description)
            }
        default:
            let store = TodosStore(dependencies: dependencies)
            if let error = store.loadError { return .failure(error.description) }
            // Checked before the lock is taken, so bad input creates nothing; the change checks again under the lock.
            if let error = outOfRange(command, in: store.todos) { return .usage(error) }
            guard let result = run(command, on: store) else {
                return .failure((store.loadError ?? store.saveError)?.description ?? "the todos were not saved")
            }
            do {
                outcome = Outcome(output: try result.get())
            } catch {
                return .usage(error)
            }
        }
        if dependencies.context != .default && settingsFile == nil {
            outcome.output += InMemoryContext.note(in: dependencies.context)
        }
        return outcome
    }

    /// The output of `command`, or the usage error that refused it; `nil` when the store could not save it.
    private func run(_ command: Command, on store: TodosStore) -> Result<String, UsageError>? {
        switch command {
        case .overview:
            let open = store.todos.count { !$0.isDone }
            let hint =
                store.todos.isEmpty
                ? "Add one with: todos add \"Water the plants\" --priority 2   (todos help lists every command)"
                : "\(open) open, \(store.todos.count - open) done. Next: todos done N, todos add TITLE, todos help"
            return .success(list(store.todos, filter: .all) + hint + "\n")
        case .list(let order, let filter):
            guard let order else { return .success(list(store.todos, filter: filter)) }
            return store.apply { todos in
                switch order {
                case .date: todos.orderByDate()
                case .priority: todos.orderByPriority()
                }
                return .success(list(todos, filter: filter))
            }
        case .add(let title, let priority):
            guard let todo = store.add(title: title, priority: priority) else { return nil }
            let position = (store.todos.firstIndex { $0.id == todo.id } ?? store.todos.count - 1) + 1
            return .success("Added \(Format.named(todo, position: position))\n")
        case .done(let position):
            return store.apply { mark(position, done: true, in: &$0) }
        case .undo(let position):
            return store.apply { mark(position, done: false, in: &$0) }
        case .remove(let position):
            return store.apply { todos in
                index(of: position, in: todos, for: .rm).map { index in
                    let todo = todos.remove(at: index)
                    return "Removed \(Format.named(todo, position: position))\n"
                }
            }
        case .move(let from, let to):
            return store.apply { todos in
                index(of: from, in: todos, for: .move).flatMap { source in
                    index(of: to, in: todos, for: .move).map { target in
                        let todo = todos[source]
                        // `moveTodos(fromOffsets:toOffset:)` inserts before the todo at the offset: after the target
                        // when moving down.
                        todos.moveTodos(fromOffsets: [source], toOffset: target > source ? target + 1 : target)
                        return "Moved \"\(Format.title(todo))\" to position \(to)\n"
                    }
                }
            }
        case .clearDone:
            return store.apply { todos in
                let done = todos.count(where: \.isDone)
                todos.removeCompleted()
                return .success(
                    done == 0 ? "No done todos to remove.\n" : "Removed \(Format.count(done, "done todo")).\n")
            }
        case .settings, .help, .explain:
            preconditionFailure("\(command) does not use the todos")
        }
    }

    private func mark(_ position: Int, done: Bool, in todos: inout [Todo]) -> Result<String, UsageError> {
        index(of: position, in: todos, for: done ? .done : .undo).map { index in
            let todo = todos[index]
            guard todo.isDone != done else {
                return "\(done ? "Already done" : "Not done yet"): \(Format.named(todo, position: position))\n"
            }
            todos[index].isDone = done
            return "\(done ? "Done" : "Not done"): \(Format.named(todo, position: position))\n"
        }
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

    /// The error for the first position of `command` that is out of range in `todos`, or `nil`.
    private func outOfRange(_ command: Command, in todos: [Todo]) -> UsageError? {
        let positions: [(Int, CommandName)] =
            switch command {
            case .done(let position): [(position, .done)]
            case .undo(let position): [(position, .undo)]
            case .remove(let position): [(position, .rm)]
            case .move(let from, let to): [(from, .move), (to, .move)]
            default: []
            }
        for (position, name) in positions {
            if case .failure(let error) = index(of: position, in: todos, for: name) { return error }
        }
        return nil
    }

    /// The index in `todos` of `position`, as `list` prints it, or the error that says it is out of range.
    private func index(of position: Int, in todos: [Todo], for command: CommandName) -> Result<Int, UsageError> {
        let count = todos.count
        guard count > 0, (1...count).contains(position) else {
            let range = count == 0 ? "the list is empty" : "the list has \(Format.count(count, "todo"))"
            return .failure(UsageError("position \(position) is out of range (\(range))", command: command))
        }
        return .success(position - 1)
    }

    /// Shows the settings, after saving the changes given; through the settings file when there is one.
    private func settings(sleepGoal: Double?, notifications: Bool?) throws(FileStorageError) -> String {
        let show = { (store: KeyValueStore) -> String in
            var values = dependencies
            values.keyValueStore = store
            let settings = SettingsStore(dependencies: values)
            if let sleepGoal { settings.sleepGoal = sleepGoal }
            if let notifications { settings.isNotificationsEnabled = notifications }
            return """
                Sleep goal: \(Format.hours(settings.sleepGoal)) hours
                Notifications: \(settings.isNotificationsEnabled ? "on" : "off")

                """
        }
        guard let settingsFile else { return show(dependencies.keyValueStore) }
        if sleepGoal == nil && notifications == nil {
            return show(try settingsFile.read())
        }
        return try settingsFile.update(show)
    }
}

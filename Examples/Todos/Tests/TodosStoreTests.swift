import AmbientTesting
import Foundation
import Observation
import Testing

import TodosCore
import TodosTestSupport

/// Each test runs in a root of testing values of its own (the `.dependencies` trait), so its `uuid` counts from zero
/// and its in-memory `todoStorage` starts empty; overrides for one test go in `withDependencies`.
@MainActor @Suite(.dependencies) struct TodosStoreTests {
    /// A store on the test's values, with todos "A", "B", "C", ... added one minute apart.
    private func store(with titles: [String], priorities: [Int]? = nil) -> TodosStore {
        let store = TodosStore(dependencies: .current)
        for (index, title) in titles.enumerated() {
            store.add(title: title, priority: priorities?[index] ?? 0)
        }
        return store
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func addTakesItsIdAndDateFromTheDependencies() {
        let store = TodosStore(dependencies: .current)
        let first = store.add(title: "Water the plants")
        let second = store.add(title: "Call the dentist", priority: 2)
        #expect(first == Todo(id: uuid(0), title: "Water the plants", date: testingDate))
        #expect(second == Todo(id: uuid(1), title: "Call the dentist", date: testingDate, priority: 2))
        #expect(store.todos == [first, second])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func addUsesAnOverriddenDateAndUUID() {
        let id = UUID(uuidString: "DEADBEEF-0000-0000-0000-000000000000")!
        let date = Date(timeIntervalSince1970: 86_400)
        withDependencies {
            $0.uuid = .constant(id)
            $0.date = .constant(date)
        } operation: {
            let todo = TodosStore(dependencies: .current).add(title: "Pinned")
            #expect(todo == Todo(id: id, title: "Pinned", date: date))
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func toggleFlipsOneTodo() {
        let store = store(with: ["A", "B"])
        store.toggle(uuid(1))
        #expect(store.todos.map(\.isDone) == [false, true])
        store.toggle(uuid(1))
        #expect(store.todos.map(\.isDone) == [false, false])
        store.toggle(uuid(42))
        #expect(store.todos.map(\.isDone) == [false, false])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func deleteRemovesTheTodosAtTheOffsets() {
        let store = store(with: ["A", "B", "C", "D"])
        store.delete(atOffsets: [0, 2])
        #expect(store.todos.map(\.title) == ["B", "D"])
        #expect(store.todos.map(\.id) == [uuid(1), uuid(3)])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(
        "move(fromOffsets:toOffset:) works as SwiftUI's onMove hands offsets over",
        arguments: [
            (IndexSet([0]), 3, "BCAD"),
            (IndexSet([0]), 4, "BCDA"),
            (IndexSet([3]), 0, "DABC"),
            (IndexSet([2]), 1, "ACBD"),
            (IndexSet([0, 2]), 4, "BDAC"),
            (IndexSet([1]), 1, "ABCD"),
            (IndexSet([1]), 2, "ABCD"),
        ]
    )
    func moveInsertsBeforeTheDestination(source: IndexSet, destination: Int, expected: String) {
        let store = store(with: ["A", "B", "C", "D"])
        store.move(fromOffsets: source, toOffset: destination)
        #expect(store.todos.map(\.title).joined() == expected)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func orderByDatePutsTheOldestFirst() {
        withDependencies {
            $0.date = .ticking()
        } operation: {
            let store = store(with: ["A", "B", "C"])
            store.move(fromOffsets: [2], toOffset: 0)
            store.move(fromOffsets: [2], toOffset: 1)
            #expect(store.todos.map(\.title) == ["C", "B", "A"])
            store.orderByDate()
            #expect(store.todos.map(\.title) == ["A", "B", "C"])
            #expect(store.todos.map(\.date) == [0, 60, 120].map { testingDate.addingTimeInterval($0) })
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func orderByPriorityPutsTheHighestFirstAndKeepsTiesInOrder() {
        let store = store(with: ["A", "B", "C", "D", "E"], priorities: [1, 3, 1, 0, 3])
        store.orderByPriority()
        #expect(store.todos.map(\.title) == ["B", "E", "A", "C", "D"])
        #expect(store.todos.map(\.id) == [uuid(1), uuid(4), uuid(0), uuid(2), uuid(3)])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func orderByDateKeepsTodosOfTheSameDateInOrder() {
        let store = store(with: ["A", "B", "C"])
        store.move(fromOffsets: [2], toOffset: 0)
        store.orderByDate()
        #expect(store.todos.map(\.title) == ["C", "A", "B"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func removeCompletedKeepsTheOpenTodosInOrder() {
        let store = store(with: ["A", "B", "C", "D"])
        store.toggle(uuid(0))
        store.toggle(uuid(2))
        store.removeCompleted()
        #expect(store.todos.map(\.title) == ["B", "D"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func everyChangeIsSavedAndASecondStoreLoadsIt() throws {
        let edited = store(with: ["A", "B", "C"])
        edited.toggle(uuid(1))
        edited.move(fromOffsets: [2], toOffset: 0)
        var retitled = edited.todos[0]
        retitled.title = "C, edited through a binding"
        edited.update(retitled)
        let reopened = TodosStore(dependencies: .current)
        #expect(reopened.todos == edited.todos)
        #expect(reopened.todos.map(\.title) == ["C, edited through a binding", "A", "B"])
        let storage = DependencyValues.current.todoStorage
        #expect(try storage.load() == edited.todos)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func storeStartsFromTheStoredTodos() {
        withDependencies {
            $0.todoStorage = .inMemory(Todo.samples)
        } operation: {
            #expect(TodosStore(dependencies: .current).todos == Todo.samples)
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func storeReadsTheDependenciesItIsGivenNotTheCurrentScope() {
        var given = DependencyValues.current
        given.todoStorage = .inMemory(Array(Todo.samples.prefix(2)))
        let store = TodosStore(dependencies: given)
        #expect(store.todos == Array(Todo.samples.prefix(2)))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func changesAreObservable() {
        let store = TodosStore(dependencies: .current)
        let changes = ChangeCount()
        withObservationTracking {
            _ = store.todos
        } onChange: {
            changes.increment()
        }
        store.add(title: "A")
        #expect(changes.value == 1)
    }
}

/// Counts the changes that `withObservationTracking` reports.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
private final class ChangeCount: Sendable {
    private let count = Locked(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}

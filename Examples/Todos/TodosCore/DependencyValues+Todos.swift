public import Ambient
public import Foundation

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension DependencyValues {
    /// Where ``TodosStore`` keeps its todos.
    ///
    /// - Live: `todos.json` in ``todosDirectory``.
    /// - Previews: ``Todo/samples``, in memory.
    /// - Tests: an empty list, in memory, fresh for each test.
    ///
    /// ```swift
    /// withDependencies { $0.todoStorage = .inMemory(Todo.samples) } operation: { ... }
    /// ```
    public var todoStorage: TodoStorage {
        get { self[TodoStorageKey.self] }
        set { self[TodoStorageKey.self] = newValue }
    }

    /// The folder of the live ``todoStorage``: see ``TodosDirectory`` for how it is found.
    ///
    /// The live storage is built from this value, so overriding it for a scope gives that scope a storage in the
    /// new folder — that is how the command-line app's `--data-dir` works.
    public var todosDirectory: URL {
        get { self[TodosDirectoryKey.self] }
        set { self[TodosDirectoryKey.self] = newValue }
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
private enum TodoStorageKey: DependencyKey {
    static var defaultValue: TodoStorage {
        .file(at: DependencyValues.current.todosDirectory.appending(component: "todos.json"))
    }
    static var previewValue: TodoStorage { .inMemory(Todo.samples) }
    static var testingValue: TodoStorage { .inMemory() }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
private enum TodosDirectoryKey: DependencyKey {
    static var defaultValue: URL {
        let environment = ProcessInfo.processInfo.environment
        return TodosDirectory.resolve(environment: environment, home: environment["HOME"] ?? NSHomeDirectory())
    }
    // A folder of its own per root, never the user's: only reached by a test that asks for the live storage.
    static var testingValue: URL {
        FileManager.default.temporaryDirectory.appending(component: "todos-\(UUID().uuidString)")
    }
}

public import Ambient

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension DependencyValues {
    /// Where ``TodosStore`` keeps its todos.
    ///
    /// - Live: what the app sets where it starts (the command-line app: a file in its data folder); until it does,
    ///   a storage that refuses, so no change is kept in memory and silently lost.
    /// - Previews: ``Todo/samples``, in memory.
    /// - Tests: an empty list, in memory, fresh for each test.
    ///
    /// ```swift
    /// withDependencies { $0.todoStorage = .inMemory(Todo.samples) } operation: { ... }
    /// ```
    public var todoStorage: any TodoStorage {
        get { self[TodoStorageKey.self] }
        set { self[TodoStorageKey.self] = newValue }
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
private enum TodoStorageKey: DependencyKey {
    static var defaultValue: any TodoStorage { MissingTodoStorage() }
    static var previewValue: any TodoStorage { .inMemory(Todo.samples) }
    static var testingValue: any TodoStorage { .inMemory() }
}

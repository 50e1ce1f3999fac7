public import Ambient

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension DependencyValues {
    /// Where ``TodosStore`` keeps its todos.
    ///
    /// - Live: what the app sets where it starts; until then, one that refuses every change.
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

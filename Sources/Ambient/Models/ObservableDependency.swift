/// An `@Observable` model built from dependencies, owned by a view through `@DependencyState`.
///
/// Observation ships with Swift, so such a model works — and is tested — on every platform; only the property
/// wrapper that puts it in a view needs SwiftUI.
///
/// ```swift
/// @MainActor @Observable final class TodosModel: ObservableDependency {
///     private(set) var todos: [Todo] = []
///     @ObservationIgnored @Dependency(\.todoStorage) private var storage
///
///     init(dependencies: DependencyValues) {}
///     func load() async throws { todos = try await storage.load() }
/// }
/// ```
public protocol ObservableDependency: AnyObject, DependencyInjectable {}

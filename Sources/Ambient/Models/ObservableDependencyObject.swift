#if canImport(Combine)
    public import Combine

    /// An `ObservableObject` view model built from dependencies, owned by a view through `@DependencyObject`.
    ///
    /// ```swift
    /// @MainActor final class SettingsViewModel: ObservableDependencyObject {
    ///     @Published var sleepGoal: Double
    ///     init(dependencies: DependencyValues) { sleepGoal = dependencies.settings.sleepGoal }
    /// }
    /// ```
    ///
    /// Available where Combine is (Apple platforms).
    public protocol ObservableDependencyObject: ObservableObject, DependencyInjectable {}
#endif

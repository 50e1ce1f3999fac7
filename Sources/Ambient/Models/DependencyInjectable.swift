/// A type built from the dependencies of the place where it is created: a view model, a store, a service.
///
/// Conform a view model to it (through ``ObservableDependency`` or `ObservableDependencyObject`) so that a view can
/// own it with `@DependencyState` or `@DependencyObject` and hand it the dependencies at the view's position in the
/// tree:
///
/// ```swift
/// @MainActor @Observable final class ProfileModel: ObservableDependency {
///     let api: any API
///     init(dependencies: DependencyValues) { api = dependencies.api }
/// }
/// ```
///
/// A type that is always built with a custom closure (`DependencyState { dependencies in ... }`) can leave the
/// initializer out: the default one stops with a message that says so.
public protocol DependencyInjectable {
    /// Creates the value from the dependencies of the place where it is created.
    ///
    /// - Parameter dependencies: The values at the creation site.
    @MainActor init(dependencies: DependencyValues)
}

extension DependencyInjectable {
    /// Stops with a message: this type did not implement `init(dependencies:)`.
    ///
    /// It exists so that types always built with a custom closure still conform; reaching it is a programming
    /// error, reported with the fix.
    @MainActor public init(dependencies: DependencyValues) {
        fatalError(Messages.missingInitializer(Self.self))
    }
}

#if canImport(SwiftUI)
    public import SwiftUI

    // Apple API used here, looked up in Apple's documentation (docs search) rather than recalled:
    // - `@MainActor @preconcurrency protocol ViewModifier` — `func body(content: Self.Content) -> Self.Body`,
    //   main-actor isolated (iOS 13).
    // - `View.environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View`,
    //   nonisolated (iOS 13).
    // - `View.transformEnvironment<V>(_:transform: @escaping (inout V) -> Void) -> some View` (iOS 13): not used —
    //   it would run the change again on every evaluation and hand the subtree new values each time; the modifier
    //   below keeps them (see `DerivedDependencies`).
    // - `@Environment` — `init(_ keyPath: KeyPath<EnvironmentValues, Value>)`, `var wrappedValue: Value { get }`;
    //   `@State` — `init(wrappedValue value: Value)` (iOS 13).
    // - `View.modifier<T>(_ modifier: T) -> ModifiedContent<Self, T>`, nonisolated (iOS 13).
    // Availability: all of it is below the package's floor (iOS 14 / macOS 11); no `@available` is needed.

    extension View {
        /// Overrides one dependency for this view and everything below it.
        ///
        /// Sibling views never see the override; views below can override it again.
        ///
        /// ```swift
        /// ProfileView()
        ///     .dependency(\.api, DemoAPI())
        /// ```
        ///
        /// A view model that a view below already built keeps the values it was built with; see `DependencyState`.
        ///
        /// - Parameters:
        ///   - keyPath: The dependency, such as `\.api`.
        ///   - value: Its value in this subtree.
        ///   - fileID: The file of the modifier; explanations of this override point there. Leave the default.
        ///   - line: The line of the modifier. Leave the default.
        /// - Returns: The view with the dependency overridden.
        public func dependency<Value>(
            _ keyPath: WritableKeyPath<DependencyValues, Value>,
            _ value: Value,
            fileID: StaticString = #fileID,
            line: UInt = #line
        ) -> some View {
            modifier(DependencyModifier(change: DependencyChange(keyPath, value, fileID: fileID, line: line)))
        }

        /// Changes several dependencies, or the context, for this view and everything below it.
        ///
        /// ```swift
        /// ContentView()
        ///     .dependencies {
        ///         $0.api = DemoAPI()
        ///         $0.context = .preview   // a "demo mode": every other key gives its preview value
        ///     }
        /// ```
        ///
        /// - Parameters:
        ///   - transform: Changes the values of the subtree.
        ///   - fileID: The file of the modifier; explanations of its overrides point there. Leave the default.
        ///   - line: The line of the modifier. Leave the default.
        /// - Returns: The view with the dependencies changed.
        public func dependencies(
            _ transform: @escaping (inout DependencyValues) -> Void,
            fileID: StaticString = #fileID,
            line: UInt = #line
        ) -> some View {
            modifier(DependencyModifier(change: DependencyChange(transform, fileID: fileID, line: line)))
        }
    }

    /// Hands its content the inherited dependencies with one change applied, keeping the same values while neither
    /// the inherited values nor the change differ. The preview traits apply it too (`PreviewTrait+Dependencies`).
    struct DependencyModifier: ViewModifier {
        let change: DependencyChange
        @Environment(\.dependencies) private var inherited
        @State private var derived = DerivedDependencies()

        func body(content: Content) -> some View {
            content.environment(\.dependencies, derived.values(from: inherited, applying: change))
        }
    }
#endif

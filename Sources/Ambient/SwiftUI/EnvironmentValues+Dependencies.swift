#if canImport(SwiftUI)
    public import SwiftUI

    // Apple API used here, looked up in Apple's documentation (docs search) rather than recalled:
    // - `protocol EnvironmentKey` — `associatedtype Value`, `static var defaultValue: Self.Value { get }` (iOS 13).
    // - `EnvironmentValues.subscript<K>(key: K.Type) -> K.Value where K: EnvironmentKey { get set }` (iOS 13).
    // - `@Entry` (iOS 13 back-deployed): not used — its generated key is private and its default is an expression in
    //   this file, while the default here must stay the core's `DependencyValues.viewRoot`.
    // Availability: everything here is iOS 13 / macOS 10.15, below the package's floor (iOS 14 / macOS 11), so no
    // `@available` is needed.

    /// The key under which a view tree carries its dependencies.
    private enum DependencyValuesKey: EnvironmentKey {
        static var defaultValue: DependencyValues { .viewRoot }
    }

    extension EnvironmentValues {
        /// The dependencies at this position in the view tree.
        ///
        /// Where no ancestor overrides anything, these are the process's values (with what `prepareDependencies(_:)`
        /// set) in the detected context, so previews get preview values with no setup. Ancestors change them with
        /// `.dependency(_:_:)` and `.dependencies { ... }`. Views read single dependencies with `@Dependency`; read
        /// the whole set to hand it to work that runs elsewhere:
        ///
        /// ```swift
        /// struct ExportButton: View {
        ///     @Environment(\.dependencies) private var dependencies
        ///
        ///     var body: some View {
        ///         Button("Export") {
        ///             Task { await withDependencies(dependencies) { await Exporter().run() } }
        ///         }
        ///     }
        /// }
        /// ```
        public var dependencies: DependencyValues {
            get { self[DependencyValuesKey.self] }
            set { self[DependencyValuesKey.self] = newValue }
        }

        /// The dependency context at this position in the view tree: the detected one, unless an ancestor switched
        /// it (a "demo mode" subtree).
        ///
        /// ```swift
        /// @Environment(\.dependencyContext) private var context
        ///
        /// var body: some View {
        ///     if context == .preview { DemoBanner() }
        /// }
        /// ```
        public var dependencyContext: DependencyContext { dependencies.context }

        /// Setting applies a scene modifier's change to `dependencies`, as that modifier made it last time when
        /// nothing differs (see `DerivedDependencies`); reading gives a change that leaves them alone.
        ///
        /// `Scene.environment(_:_:)` can only set a value, so this lets a scene change the dependencies it inherits.
        var dependencyChange: (DependencyValues) -> DependencyValues {
            get { { $0 } }
            set { dependencies = newValue(dependencies) }
        }
    }
#endif

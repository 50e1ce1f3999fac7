#if canImport(SwiftUI)
    public import SwiftUI

    // Apple API used here, looked up in Apple's documentation (docs search) rather than recalled:
    // - `@MainActor @preconcurrency protocol Scene` (iOS 14 / macOS 11).
    // - `Scene.environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some Scene`,
    //   nonisolated (iOS 14 / macOS 11). It sets the value through the key path on the environment the scene
    //   inherits, which is what lets `EnvironmentValues.dependencyChange` apply a change there.
    // - Not found: a `Scene.transformEnvironment`; the key path above stands in for it.
    // - `@State` — `init(wrappedValue value: Value)` (iOS 13): "Create a state value in an App, Scene, or View";
    //   SwiftUI keeps its storage once per position, so each modifier's scene keeps its own cache there.
    // - `Scene.body` — `@SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }` (iOS 14 / macOS 11).
    // Availability: iOS 14 / macOS 11, the package's floor (iOS 14 / macOS 11); no `@available` is needed.

    extension Scene {
        /// Overrides one dependency for every view of this scene.
        ///
        /// ```swift
        /// @main
        /// struct DemoApp: App {
        ///     var body: some Scene {
        ///         WindowGroup { ContentView() }
        ///             .dependency(\.api, DemoAPI())
        ///     }
        /// }
        /// ```
        ///
        /// To set a dependency for the whole process, including code outside views, call
        /// ``prepareDependencies(_:)`` in the app's initializer instead.
        ///
        /// - Parameters:
        ///   - keyPath: The dependency, such as `\.api`.
        ///   - value: Its value in this scene.
        ///   - fileID: The file of the modifier; explanations of this override point there. Leave the default.
        ///   - line: The line of the modifier. Leave the default.
        /// - Returns: The scene with the dependency overridden.
        public func dependency<Value>(
            _ keyPath: WritableKeyPath<DependencyValues, Value>,
            _ value: Value,
            fileID: StaticString = #fileID,
            line: UInt = #line
        ) -> some Scene {
            DependencyScene(content: self, change: DependencyChange(keyPath, value, fileID: fileID, line: line))
        }

        /// Changes several dependencies, or the context, for every view of this scene.
        ///
        /// ```swift
        /// WindowGroup("Demo", id: "demo") { ContentView() }
        ///     .dependencies { $0.context = .preview }
        /// ```
        ///
        /// - Parameters:
        ///   - transform: Changes the values of the scene.
        ///   - fileID: The file of the modifier; explanations of its overrides point there. Leave the default.
        ///   - line: The line of the modifier. Leave the default.
        /// - Returns: The scene with the dependencies changed.
        public func dependencies(
            _ transform: @escaping (inout DependencyValues) -> Void,
            fileID: StaticString = #fileID,
            line: UInt = #line
        ) -> some Scene {
            DependencyScene(content: self, change: DependencyChange(transform, fileID: fileID, line: line))
        }
    }

    /// A scene whose views get the inherited dependencies with one change applied, keeping the same values while
    /// neither the inherited values nor the change differ (see `DerivedDependencies`).
    ///
    /// A scene changes the environment it inherits only through `Scene.environment(_:_:)`, which sets a value through
    /// a key path each time SwiftUI computes the scene's environment: the scene sets the function that applies its
    /// change (`EnvironmentValues.dependencyChange`), with the decision a view's modifier makes, so the views of the
    /// scene keep their values, and the defaults rebuilt for them, across recomputations.
    ///
    /// The cache lives in `@State`, so that each position in the app's scenes has its own: two modifiers written on
    /// one line, or in a helper that several scenes use, do not evict each other's values.
    private struct DependencyScene<Content: Scene>: Scene {
        let content: Content
        let change: DependencyChange
        @State private var cache = DerivedDependencies()

        var body: some Scene {
            // NB: the cache and the change are captured here, in `body`: `@State` is read only while installed.
            content.environment(\.dependencyChange) { [cache, change] in cache.values(from: $0, applying: change) }
        }
    }
#endif

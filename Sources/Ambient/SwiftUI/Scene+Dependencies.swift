#if canImport(SwiftUI)
    public import SwiftUI

    // Apple API used here, looked up in Apple's documentation (docs search) rather than recalled:
    // - `@MainActor @preconcurrency protocol Scene` (iOS 14 / macOS 11).
    // - `Scene.environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some Scene`,
    //   nonisolated (iOS 14 / macOS 11). It sets the value through the key path on the environment the scene
    //   inherits, which is what lets `EnvironmentValues.dependencyChange` apply a change there.
    // - Not found: a `Scene.transformEnvironment`; the key path above stands in for it.
    // Availability: iOS 14 / macOS 11, below the package's floor (iOS 14 / macOS 11); no `@available` is needed.

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
            environment(
                \.dependencyChange, DependencyChange(keyPath, value, site: CallSite(fileID: fileID, line: line)))
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
            environment(\.dependencyChange, DependencyChange(transform, site: CallSite(fileID: fileID, line: line)))
        }
    }
#endif

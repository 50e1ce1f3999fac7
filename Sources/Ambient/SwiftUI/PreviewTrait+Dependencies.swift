#if canImport(SwiftUI)
    public import SwiftUI

    // Apple API used here, looked up in Apple's documentation (docs search) rather than recalled:
    // - `@MainActor struct PreviewTrait<T>` (DeveloperToolsSupport, iOS 17 / macOS 14 / tvOS 17 / watchOS 10 /
    //   visionOS 1), and `enum Preview.ViewTraits`, nested in `@MainActor struct Preview` (same availability):
    //   `#Preview(_:traits:_:body:)` takes `PreviewTrait<Preview.ViewTraits>`. Files that import only SwiftUI name
    //   them: SwiftUI re-exports DeveloperToolsSupport.
    // - `PreviewTrait.modifier(_:)` — `@MainActor static func modifier(_ modifier: some PreviewModifier) ->
    //   PreviewTrait<T>`, declared by SwiftUI where `T == Preview.ViewTraits` (iOS 18 / macOS 15 / tvOS 18 /
    //   watchOS 11 / visionOS 2).
    // - `@MainActor protocol PreviewModifier` — `associatedtype Context = Void`, `typealias Content =
    //   PreviewModifierContent`, `@MainActor static func makeSharedContext() async throws -> Self.Context`,
    //   `@ContentBuilder @MainActor func body(content: Self.Content, context: Self.Context) -> Self.Body`
    //   (Apple's current pages spell the builder `@ContentBuilder`, which replaces `@ViewBuilder`); `nonisolated struct
    //   PreviewModifierContent: View` (iOS 18 / macOS 15 / tvOS 18 / watchOS 11 / visionOS 2).
    // - `View.modifier<T>(_ modifier: T) -> ModifiedContent<Self, T>`, nonisolated (iOS 13).
    // Availability: iOS 18 / macOS 15 / tvOS 18 / watchOS 11 / visionOS 2, above the package's floor (iOS 14 /
    // macOS 11), so everything here carries `@available` with those versions.

    @available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
    extension PreviewTrait where T == Preview.ViewTraits {
        /// A preview trait that changes several dependencies, or the context, of the previewed view.
        ///
        /// Use it where a preview needs other values than the preview values its keys give, and you'd rather keep
        /// the preview's body to the view itself. It makes the same change as `View.dependencies(_:fileID:line:)`
        /// on the preview's content, with the same caching.
        ///
        /// ```swift
        /// #Preview("Live data", traits: .dependencies { $0.context = .default }) {
        ///     ProfileView()
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - transform: Changes the values of the preview.
        ///   - fileID: The file of the trait; explanations of its overrides point there. Leave the default.
        ///   - line: The line of the trait. Leave the default.
        /// - Returns: A trait for `#Preview(_:traits:_:body:)`.
        public static func dependencies(
            _ transform: @escaping (inout DependencyValues) -> Void,
            fileID: StaticString = #fileID,
            line: UInt = #line
        ) -> PreviewTrait<T> {
            .modifier(DependencyPreviewModifier(change: DependencyChange(transform, fileID: fileID, line: line)))
        }

        /// A preview trait that overrides one dependency of the previewed view.
        ///
        /// Use it to preview a view against one stand-in, such as a failing API client. Like
        /// `View.dependency(_:_:fileID:line:)`, it sets the value without reading the property first, so the value
        /// it replaces is never created.
        ///
        /// ```swift
        /// #Preview("Failing network", traits: .dependency(\.api, FailingAPI())) {
        ///     ProfileView()
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - keyPath: The dependency, such as `\.api`.
        ///   - value: Its value in the preview.
        ///   - fileID: The file of the trait; explanations of this override point there. Leave the default.
        ///   - line: The line of the trait. Leave the default.
        /// - Returns: A trait for `#Preview(_:traits:_:body:)`.
        public static func dependency<Value>(
            _ keyPath: WritableKeyPath<DependencyValues, Value>,
            _ value: Value,
            fileID: StaticString = #fileID,
            line: UInt = #line
        ) -> PreviewTrait<T> {
            .modifier(DependencyPreviewModifier(change: DependencyChange(keyPath, value, fileID: fileID, line: line)))
        }
    }

    /// Applies a dependency change to a preview's content, through the modifier `View.dependency` uses.
    @available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
    private struct DependencyPreviewModifier: PreviewModifier {
        let change: DependencyChange

        /// Nothing is shared between previews: each preview's values are made in its own body.
        static func makeSharedContext() async throws {}

        func body(content: Content, context: Void) -> some View {
            content.modifier(DependencyModifier(change: change))
        }
    }
#endif

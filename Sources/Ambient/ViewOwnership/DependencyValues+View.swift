extension DependencyValues {
    /// The values a view tree starts from where no ancestor set any: the process's root (with what
    /// `prepareDependencies(_:)` set) in the detected context, so previews get preview values with no setup.
    ///
    /// A view is not built inside a `withDependencies` scope, so the task-local ``current`` means nothing there;
    /// the tree's own overrides (`.dependency(_:_:)`) travel in the SwiftUI environment instead.
    static let viewRoot = DependencyValues(storage: ScopeNode(root: .process))

}

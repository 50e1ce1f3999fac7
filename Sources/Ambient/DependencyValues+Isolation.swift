extension DependencyValues {
    /// Values on a new root of their own, in `context`: nothing cached yet, nothing shared with other roots.
    ///
    /// `AmbientTesting` runs each test in such a root; benchmarks use it to measure first reads.
    @_documentation(visibility: private)
    public static func _freshRoot(context: DependencyContext) -> DependencyValues {
        DependencyValues(storage: Storage(root: Root(context: context)))
    }
}

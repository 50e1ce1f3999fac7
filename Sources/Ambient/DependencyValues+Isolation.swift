extension DependencyValues {
    /// Values on a new root of their own, in `context`: nothing cached yet, nothing shared with other roots.
    ///
    /// `AmbientTesting` runs each test in such a root, with the test's reporter: every report about a read in these
    /// values, on any thread, reaches it. Benchmarks use such roots to measure first reads. The root is freed when
    /// nothing holds these values (or values made from them) any more; then `heir`'s root, the process's unless
    /// given, answers the reads of values that outlived it.
    @_documentation(visibility: private)
    package static func _freshRoot(
        context: DependencyContext,
        reporter: (any _DependencyIssueReporter)? = nil,
        heir: DependencyValues? = nil
    ) -> DependencyValues {
        DependencyValues(
            storage: ScopeNode(root: Root(context: context, reporter: reporter, heir: heir?.storage.root ?? .process)))
    }
}

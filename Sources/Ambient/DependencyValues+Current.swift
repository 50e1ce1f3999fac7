extension DependencyValues {
    @TaskLocal static var currentValues = processValues

    /// The task-local behind ``currentValues``, for `withDependencies`, which binds it inlined in its caller (a
    /// property wrapper's projection cannot be used from inlinable code).
    @usableFromInline static let currentValuesBinding = $currentValues

    /// The process's values: what ``current`` is outside every scope.
    static let processValues: DependencyValues = {
        // The trace switch reads `AMBIENT_TRACE` now, before any scope can be entered (scopes read `current`).
        _ = TraceSwitch.shared
        return DependencyValues(storage: ScopeNode(root: .process, isProcessNode: true))
    }()

    /// The values a view tree starts from where no ancestor set any: the process's root (with what
    /// `prepareDependencies(_:)` set) in the detected context, so previews get preview values with no setup.
    ///
    /// A view is not built inside a `withDependencies` scope, so the task-local ``current`` means nothing there;
    /// the tree's own overrides (`.dependency(_:_:)`) travel in the SwiftUI environment instead.
    static let viewRoot = DependencyValues(storage: ScopeNode(root: .process))

    /// The values of the current scope.
    ///
    /// Outside any scope these are the process's values (with what ``prepareDependencies(_:)`` set) — or, in a test
    /// target that links `AmbientTesting`, the running test's own values, so that every test is isolated with no
    /// setup. Inside ``withDependencies(_:operation:fileID:line:)`` they carry its overrides.
    /// Tasks created in a scope inherit it; `Task.detached` and Dispatch queues do not — capture the values and
    /// re-enter them with ``withDependencies(_:operation:)-(DependencyValues,_)``.
    ///
    /// ```swift
    /// let values = DependencyValues.current
    /// queue.async {
    ///     withDependencies(values) { report() }
    /// }
    /// ```
    public static var current: DependencyValues {
        current(from: currentValues)
    }

    /// ``current``, given what the task-local holds: the running test's values outside every scope.
    @inline(__always)
    static func current(from values: consuming DependencyValues) -> DependencyValues {
        // NB: a flag on the node, not `=== processValues.storage`: reading that static costs a `swift_once` check and
        // a retain on every read of `current`.
        if values.storage.isProcessNode, let test = _TestHooks.currentTestValues {
            return test
        }
        return values
    }
}

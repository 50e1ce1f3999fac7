extension DependencyValues {
    /// The values `withDependencies` runs its operation in: a new scope inside the current values, written at
    /// `site` and changed by `update`; or the current values themselves when `update` changed nothing.
    ///
    /// - Parameters:
    ///   - bound: What the task-local holds (``current(from:)`` makes the current values of it).
    ///   - site: Where the scope is written.
    ///   - update: The changes.
    /// - Returns: The values to bind for the operation.
    /// - Throws: What `update` throws.
    @inline(__always)
    static func scope(
        inside bound: consuming DependencyValues,
        at site: CallSite?,
        changedBy update: (inout DependencyValues) throws -> Void
    ) rethrows -> DependencyValues {
        let outer = current(from: consume bound)
        // NB: the new node takes over the reference to the outer values that reading the task-local returned, and
        // only their address and context are kept here: holding the outer values as well would cost every entry an
        // atomic increment and decrement on a node that every scope beside this one shares.
        let outerNode = Unmanaged.passUnretained(outer.storage)
        let outerContext = outer.context
        var values = DependencyValues(scopeOf: consume outer, at: site)
        try update(&values)
        if Trace.isOn {
            let layer = values.storage.scopeLayer(openedInside: outerNode)
            Trace.enteredScope(values, insideContext: outerContext, setting: layer, at: site)
        }
        return values.trimmed(toParent: outerNode)
    }
}

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
        let isChild = values.storage.isChild(of: outerNode)
        if Trace.isOn { Trace.enteredScope(values, insideContext: outerContext, opensChild: isChild, at: site) }
        guard isChild, !values.storage.setsOverrides, let parent = values.storage.parent,
            values.storage.context == parent.context
        else { return values }
        // The outer values themselves, so that an update that sets nothing costs nothing later (key path caches
        // live per scope). `outerNode` is only compared, never dereferenced: should `update` have replaced `$0` and
        // so freed both the new node and the outer values (whose only other holders are the task-local and the
        // running test), a node that sits at their address and is the parent of one that sets nothing reads the same
        // as that one, and it is alive, held by it.
        return DependencyValues(storage: parent)
    }
}

extension DependencyValues {
    /// The values `withDependencies`, written at `fileID` and `line`, runs its operation in: a new scope inside the
    /// current values, changed by `update`; or the current values themselves when `update` changed nothing.
    ///
    /// NB: out of line, and the one call that the inlined `withDependencies` makes before binding what it returns:
    /// the outer values, the call site and the new scope's construction live in this frame, which has returned by
    /// the time the operation runs, so none of them stays on the stack under a nested scope.
    ///
    /// - Parameters:
    ///   - update: The changes.
    ///   - fileID: The file of the `withDependencies` call.
    ///   - line: Its line.
    /// - Returns: The values to bind for the operation.
    /// - Throws: What `update` throws.
    @usableFromInline
    @inline(never)
    static func scope(
        changedBy update: (inout DependencyValues) throws -> Void,
        fileID: StaticString,
        line: UInt
    ) rethrows -> DependencyValues {
        let site = CallSite(fileID: fileID, line: line)
        let outer = current(from: $currentValues.get())
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

// Whether two evaluations of a dependency modifier set the same values. It reads the scope nodes of
// Internal/Scopes through their internal API and lives here, beside its one user (``DerivedDependencies``).

extension DependencyValues {
    /// Whether these values and `other`, each made by applying a change to `inherited`, give a subtree the same
    /// dependencies: the same context, and the same overrides on top of `inherited`, each set to the same value (see
    /// `isSameDependencyValue(_:_:)`).
    ///
    /// Values that are not a scope opened right inside `inherited` (a change that replaced the values it was given
    /// instead of changing them) are never the same as others. "Different" is always a safe answer: it costs the
    /// subtree new values, and the defaults rebuilt for it, as any change does.
    ///
    /// - Parameters:
    ///   - other: Values made from `inherited` earlier.
    ///   - inherited: The values both were made from.
    /// - Returns: Whether a view could tell the two apart.
    func setTheSame(as other: DependencyValues, over inherited: ScopeNode) -> Bool {
        guard storage.context == other.storage.context,
            let mine = Self.overrides(of: storage, addedTo: inherited),
            let theirs = Self.overrides(of: other.storage, addedTo: inherited),
            mine.count == theirs.count
        else { return false }
        return mine.allSatisfy { key, box in (box as? any ComparableBox)?.holdsTheSameValue(as: theirs[key]) == true }
    }

    /// The overrides that `node` adds to `inherited`, by key: none when it is `inherited` itself; else those of the
    /// scope opened right inside `inherited`, with the latest value of each key when nodes that carry the scope on
    /// (``ScopeNode/continuesParentScope``) set it again; `nil` when `node` is not in such a scope.
    private static func overrides(of node: ScopeNode, addedTo inherited: ScopeNode) -> [ObjectIdentifier: AnyBox]? {
        if node === inherited { return [:] }
        var added: [ObjectIdentifier: AnyBox] = [:]
        var node = node
        while true {
            for override in node.layer where added[override.key] == nil { added[override.key] = override.box }
            guard node.continuesParentScope, let parent = node.parent else { break }
            node = parent
        }
        return node.isChild(of: inherited) ? added : nil
    }
}

/// A box that compares its value with another box's without the key's type being known.
private protocol ComparableBox {
    func holdsTheSameValue(as other: AnyBox?) -> Bool
}

extension Box: ComparableBox {
    /// Whether `other` holds the same value (see `isSameDependencyValue(_:_:)`).
    fileprivate func holdsTheSameValue(as other: AnyBox?) -> Bool {
        (other as? Box<Value>).map { isSameDependencyValue(value, $0.value) } ?? false
    }
}

/// Whether two values that a modifier sets, known only as `Any`, are the same value: equal when their type is
/// `Equatable`, otherwise of the same type with the same bytes (see `isBitwiseIdentical(opening:_:)`).
///
/// "Different" is always safe to answer: the subtree then gets new values, as if the modifier changed.
func isSameDependencyValue(_ mine: Any, _ theirs: Any) -> Bool {
    if let value = mine as? any Equatable { return value.isEqual(to: theirs) }
    return isBitwiseIdentical(opening: mine, theirs)
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: Any) -> Bool {
        (other as? Self).map { self == $0 } ?? false
    }
}

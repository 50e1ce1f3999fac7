/// The values a dependency modifier hands its subtree, remembered between evaluations of the modifier.
///
/// SwiftUI evaluates a modifier again whenever its parent's body runs. Applying the change again would make new
/// values each time: every view below that reads a dependency would be invalidated, and the defaults rebuilt for the
/// subtree (an analytics client built from an overridden API client) would be rebuilt. So the modifier keeps the
/// values it made, and makes new ones only when the inherited values or the change differ.
///
/// A change made by `.dependency(\.key, value)` is compared before it is applied (``DependencyChange/isSame(as:)``).
/// A closure (`.dependencies { $0.context = .preview }`) cannot be compared, so it is applied to new values and
/// what it set is compared instead (``DependencyValues/setTheSame(as:over:)``): a closure that sets the same values
/// as last time keeps the subtree's values, as the same `.dependency` does, and one that sets anything else gives
/// new ones.
///
/// Not thread-safe: a view modifier uses it from the main actor only.
final class DerivedDependencies {
    private var last: (inherited: ScopeNode, change: DependencyChange, derived: DependencyValues)?

    /// The values of the subtree: `inherited` with `change` applied, the same as last time when neither differs.
    ///
    /// - Parameters:
    ///   - inherited: The values at the modifier's position.
    ///   - change: What the modifier changes.
    /// - Returns: The values for the modifier's content.
    func values(from inherited: DependencyValues, applying change: DependencyChange) -> DependencyValues {
        let kept = last.flatMap { $0.inherited === inherited.storage ? $0 : nil }
        if let kept, kept.change.isSame(as: change) { return kept.derived }
        var derived = DependencyValues(scopeOf: inherited, at: change.site)
        change.apply(&derived)
        derived = derived.trimmed(toParent: .passUnretained(inherited.storage))
        if let kept, derived.setTheSame(as: kept.derived, over: inherited.storage) { return kept.derived }
        last = (inherited.storage, change, derived)
        return derived
    }
}

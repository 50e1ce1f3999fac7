/// The values a dependency modifier hands its subtree, remembered between evaluations of the modifier.
///
/// SwiftUI evaluates a modifier again whenever its parent's body runs. Applying the change again would make new
/// values each time: every view below that reads a dependency would be invalidated, and the defaults rebuilt for the
/// subtree (an analytics client built from an overridden API client) would be rebuilt. So the modifier keeps the
/// values it made, and makes new ones only when the inherited values or the change differ.
///
/// A change made by `.dependency(\.key, value)` is compared before it is applied (``DependencyChange/isSame(as:)``):
/// what it stores may not be its value (an equal URL set into a client that is not `Equatable`, `\.api.baseURL`).
/// Any other change is applied to new values, and what it set is compared with what it set last time
/// (``DependencyValues/setTheSame(as:over:)``): a change that sets the same values as last time keeps the subtree's
/// values, whether it is a key path and a value or a closure (`.dependencies { $0.context = .preview }`), and one
/// that sets anything else gives new ones.
///
/// Thread-safe: a view modifier uses it from the main actor only, but a scene's modifier sets `EnvironmentValues`,
/// which is not isolated (`EnvironmentValues.dependencyChange`), so each use takes a lock.
final class DerivedDependencies: Sendable {
    // NB: the change kept is only compared inside the lock, and never leaves it.
    private let last = ConditionLock<(inherited: ScopeNode, change: DependencyChange, derived: DependencyValues)?>(nil)

    /// The values of the subtree: `inherited` with `change` applied, the same as last time when neither differs.
    ///
    /// - Parameters:
    ///   - inherited: The values at the modifier's position.
    ///   - change: What the modifier changes.
    /// - Returns: The values for the modifier's content.
    func values(from inherited: DependencyValues, applying change: DependencyChange) -> DependencyValues {
        let same = last.withLock { last in
            last.flatMap { $0.inherited === inherited.storage && $0.change.isSame(as: change) ? $0.derived : nil }
        }
        if let same { return same }
        var derived = DependencyValues(scopeOf: inherited, at: change.site)
        change.apply(&derived)
        derived = derived.trimmed(toParent: .passUnretained(inherited.storage))
        return last.withLock { last in
            if let kept = last, kept.inherited === inherited.storage,
                derived.setTheSame(as: kept.derived, over: inherited.storage)
            {
                return kept.derived
            }
            last = (inherited.storage, change, derived)
            return derived
        }
    }
}

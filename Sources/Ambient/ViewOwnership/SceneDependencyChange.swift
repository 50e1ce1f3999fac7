/// What a scene's `.dependency(_:_:)` or `.dependencies { ... }` modifier sets through
/// `EnvironmentValues.dependencyChange`: its change, with the cache of the scene position that made it.
///
/// A scene changes the environment it inherits only through `Scene.environment(_:_:)`, which sets a value through
/// a key path each time SwiftUI computes the scene's environment. So the change is applied by the cache, with the
/// decision a view's modifier makes (``DerivedDependencies``): the same change to the same inherited values gives the
/// same values, so the views of the scene keep their values, and the defaults rebuilt for them, across
/// recomputations.
///
/// Each modifier has a cache of its own, which the scene keeps in `@State`, one per position in the app's scenes:
/// two modifiers never share one, even when they are written on the same line or in one helper that several scenes
/// use, so neither evicts what the other made.
struct SceneDependencyChange {
    /// What the modifier changes.
    let change: DependencyChange
    /// The cache the modifier's scene position keeps; `nil` for a change that leaves the values alone.
    let cache: DerivedDependencies?

    /// The change that leaves the values alone: what reading `EnvironmentValues.dependencyChange` gives.
    static var unchanged: SceneDependencyChange { SceneDependencyChange(change: DependencyChange { _ in }, cache: nil) }

    /// `inherited` with the change applied, the same values as last time when nothing differs.
    ///
    /// - Parameter inherited: The values the scene inherits.
    /// - Returns: The values for the scene's views.
    func applied(to inherited: DependencyValues) -> DependencyValues {
        guard let cache else { return inherited }
        return cache.values(from: inherited, applying: change)
    }
}

/// The values that each scene's `.dependency(_:_:)` or `.dependencies { ... }` modifier hands its views, remembered
/// per modifier.
///
/// A scene changes the environment it inherits only through `Scene.environment(_:_:)`, which sets a value through
/// a key path each time SwiftUI computes the scene's environment, and has no storage of its own. So the change is
/// applied here, with the decision a view's modifier makes (``DerivedDependencies``): the same change to the same
/// inherited values gives the same values, so the views of the scene keep their values, and the defaults rebuilt
/// for them, across recomputations. Modifiers are told apart by where they are written.
final class SceneDependencies: Sendable {
    /// The values made so far, one cache per modifier.
    static let shared = SceneDependencies()

    // NB: `DerivedDependencies` is not thread-safe; the lock makes every use of one exclusive.
    private let caches = ConditionLock<[String: DerivedDependencies]>([:])

    /// The values of the scene: `inherited` with `change` applied, the same as last time when neither differs.
    ///
    /// - Parameters:
    ///   - inherited: The values the scene inherits.
    ///   - change: What the scene's modifier changes.
    /// - Returns: The values for the scene's views.
    func values(from inherited: DependencyValues, applying change: DependencyChange) -> DependencyValues {
        guard let site = change.site else { return DerivedDependencies().values(from: inherited, applying: change) }
        return caches.withLock { caches in
            let key = "\(site.fileID):\(site.line)"
            let cache = caches[key] ?? DerivedDependencies()
            caches[key] = cache
            return cache.values(from: inherited, applying: change)
        }
    }
}

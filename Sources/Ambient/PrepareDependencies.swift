/// Sets dependencies for the whole process, once, at launch.
///
/// Use it where the app starts, before anything reads the keys it sets. The values become the root's own: every
/// scope and view sees them unless it overrides them, and defaults built from them use them.
///
/// ```swift
/// @main
/// struct MyApp: App {
///     init() {
///         prepareDependencies {
///             $0.api = LiveAPI(baseURL: Config.baseURL)
///         }
///     }
///     var body: some Scene { ... }
/// }
/// ```
///
/// A second call is ignored and reported, and so is a key that was already read (code may hold its old value).
/// Inside a test that runs in its own root (see `AmbientTesting`), it prepares that test's root.
///
/// - Parameter update: Sets the values.
/// - Throws: What `update` throws; nothing is set then.
public func prepareDependencies(_ update: (inout DependencyValues) throws -> Void) rethrows {
    let root = DependencyValues.current.storage.root
    var values = DependencyValues(storage: ScopeNode(root: root))
    try update(&values)
    if values.context != root.context {
        IssueReporting.report(.misuse, Messages.preparedContext, to: root.reporter)
    }
    root.prepare(values.storage.allOverrides().all)
}

/// What a snapshot holds instead of a parent and a strong root: weak links, so that a cache that holds the default
/// that holds the snapshot is not kept alive by it (see ``Storage``).
final class WeakLinks: @unchecked Sendable {
    // Safe: the weak references and `inherited` are set in `init` only (the runtime loads weak references
    // atomically); `orphan` is a lock.

    /// The root whose cache the snapshot reads.
    private weak var weakRoot: Root?
    /// The node that set the innermost override the snapshot inherited: defaults rebuilt for an inherited override
    /// are cached there while it lives.
    private(set) weak var origin: Storage?
    /// Every override the snapshot inherited, flattened.
    let inherited: OverrideMap?
    /// The root the snapshot reads in once its own root was freed (its default outlived the root's last user).
    private let orphan = ConditionLock<Root?>(nil)

    init(root: Root, origin: Storage?, inherited: OverrideMap?) {
        weakRoot = root
        self.origin = origin
        self.inherited = inherited
    }

    /// Whether `root` is the root of the snapshot's own, made after its root was freed (held by these links).
    func isOrphanRoot(_ root: Root) -> Bool {
        orphan.withLock { $0 === root }
    }

    /// The snapshot's root, or once that was freed, a root of its own in `context`, made on first need.
    func root(context: DependencyContext) -> Root {
        if let weakRoot { return weakRoot }
        return orphan.withLock { orphan in
            if let orphan { return orphan }
            let root = Root(context: context)
            orphan = root
            return root
        }
    }
}

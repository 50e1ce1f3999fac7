/// Default values rebuilt for one scope, per context, and the values created in the scope that name them.
///
/// When the scope ends, each value created in it that still lives keeps the instances its creation named (read, or
/// named through a `@Dependency` property): an object created in a request reads the request's instances after the
/// request ended too (<doc:Semantics#Freeing-never-splits-an-instance>).
final class ScopedDefaults: Sendable {
    private let tables = DependencyContext.allCases.map { _ in LockFreeTable<ScopedDefault>() }
    /// The snapshots of the values created in this scope.
    private let watchers = ConditionLock(SnapshotWatchers())
    /// The depth of the scope: the depth of the overrides it sets.
    private let depth: Int

    init(depth: Int) {
        self.depth = depth
    }

    func table(for context: DependencyContext) -> LockFreeTable<ScopedDefault> {
        tables[context.index]
    }

    /// Notes a value created in this scope, whose snapshot's links are `links`, so that it keeps what it names
    /// of this scope's instances when the scope ends; returns the end that the links wait for when they find the
    /// scope gone.
    func watch(_ links: WeakLinks) -> ScopeEnd {
        watchers.withLock { $0.watch(links) }
    }

    deinit {
        let (live, end) = watchers.withLock { ($0.live, $0.end) }
        defer { end?.finish() }
        SnapshotWatchers.handOver(to: live, fromScopeAtDepth: depth) { keep in
            for context in DependencyContext.allCases {
                table(for: context).forEachEntry { key, entry in keep(key, context, entry) }
            }
        }
    }
}

/// A default rebuilt for one scope, or one that a root handed over to a snapshot when it ended.
final class ScopedDefault: Sendable {
    let box: AnyBox
    /// The reads of the key's first creation in the root: what a creation that reads this instance depends on,
    /// also once that root was freed.
    let reads: [ObjectIdentifier]

    init(box: AnyBox, reads: [ObjectIdentifier]) {
        self.box = box
        self.reads = reads
    }
}

/// Who holds a created default: the root that cached it, or the scope it was rebuilt for.
enum DefaultOwner {
    case root
    case scope(ScopeNode)
}

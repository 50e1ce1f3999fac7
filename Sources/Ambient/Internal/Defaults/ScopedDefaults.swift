/// Default values rebuilt for one scope, per context, and the values created in the scope that name them.
///
/// When the scope ends, each value created in it that still lives keeps the instances its creation named (read, or
/// named through a `@Dependency` property): an object created in a request reads the request's instances after the
/// request ended too (<doc:Semantics#Freeing-never-splits-an-instance>).
final class ScopedDefaults: Sendable {
    private let tables = DependencyContext.allCases.map { _ in LockFreeTable<ScopedDefault>() }
    /// The snapshots of the values created in this scope, held weakly.
    private let watchers = ConditionLock<[WeakWatcher]>([])

    func table(for context: DependencyContext) -> LockFreeTable<ScopedDefault> {
        tables[context.index]
    }

    /// Notes a value created in this scope, whose snapshot's links are `links`, so that it keeps what it names
    /// of this scope's instances when the scope ends.
    func watch(_ links: WeakLinks) {
        watchers.withLock { watchers in
            watchers.removeAll { $0.links == nil }
            watchers.append(WeakWatcher(links))
        }
    }

    deinit {
        let live = watchers.withLock { $0.compactMap(\.links) }
        guard !live.isEmpty else { return }
        for context in DependencyContext.allCases {
            table(for: context).forEachEntry { key, entry in
                for links in live where links.names(key) {
                    _ = links.pin(entry, for: CreationSlot(key: key, context: context))
                }
            }
        }
    }
}

/// A snapshot's links, held weakly by the scope its value was created in.
final class WeakWatcher: @unchecked Sendable {
    // Safe: set in `init` only, and the runtime loads weak references atomically.
    private(set) weak var links: WeakLinks?

    init(_ links: WeakLinks) { self.links = links }
}

/// A default rebuilt for one scope.
final class ScopedDefault: Sendable {
    let box: AnyBox

    init(box: AnyBox) {
        self.box = box
    }
}

/// Who holds a created default: the root that cached it, or the scope it was rebuilt for.
enum DefaultOwner {
    case root
    case scope(ScopeNode)
}

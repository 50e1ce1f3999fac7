/// The snapshots of the values created in one scope or root, held weakly, so that when the scope or root ends each
/// of them that still lives keeps the instances its creation read or named: an object created there reads them
/// after the end too (<doc:Semantics#Freeing-never-splits-an-instance>).
final class SnapshotWatchers: Sendable {
    private let watchers = ConditionLock<[WeakWatcher]>([])

    /// Notes a value created in the scope or root, whose snapshot's links are `links`.
    func watch(_ links: WeakLinks) {
        watchers.withLock { watchers in
            watchers.removeAll { $0.links == nil }
            watchers.append(WeakWatcher(links))
        }
    }

    /// Hands the instances of the scope or root that ends to the snapshots that still live: `instances` calls its
    /// argument with each instance, its key and its context, and each snapshot that named the key keeps it.
    func handOver(_ instances: ((ObjectIdentifier, DependencyContext, ScopedDefault) -> Void) -> Void) {
        let live = watchers.withLock { $0.compactMap(\.links) }
        guard !live.isEmpty else { return }
        instances { key, context, entry in
            for links in live where links.names(key) {
                _ = links.pin(entry, for: CreationSlot(key: key, context: context))
            }
        }
    }
}

/// A snapshot's links, held weakly by the scope or root its value was created in.
final class WeakWatcher: @unchecked Sendable {
    // Safe: set in `init` only, and the runtime loads weak references atomically.
    private(set) weak var links: WeakLinks?

    init(_ links: WeakLinks) { self.links = links }
}

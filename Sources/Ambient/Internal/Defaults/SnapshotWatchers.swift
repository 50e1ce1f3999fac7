/// The snapshots of the values created in one scope or root, held weakly, kept under the lock of their owner: when
/// the scope or root ends, each of them that still lives keeps the instances its creation read or named, so that an
/// object created there reads them after the end too (<doc:Semantics#Freeing-never-splits-an-instance>).
struct SnapshotWatchers {
    private var watchers: [WeakWatcher] = []
    /// What the snapshots wait for when they find the scope or root gone; made for the first one.
    private(set) var end: ScopeEnd?

    /// Notes a value created in the scope or root, whose snapshot's links are `links`; returns the end they wait for.
    mutating func watch(_ links: WeakLinks) -> ScopeEnd {
        watchers.removeAll { $0.links == nil }
        watchers.append(WeakWatcher(links))
        if let end { return end }
        let end = ScopeEnd()
        self.end = end
        return end
    }

    /// The snapshots that still live.
    var live: [WeakLinks] { watchers.compactMap(\.links) }

    /// Hands the instances of a scope at `depth` (`nil`: a root) that ends to `live`, its snapshots that still
    /// live: `instances` calls its argument with each instance, its key and its context, and each snapshot that
    /// named the key keeps it, if it is the instance the snapshot reads: one that no override it inherited from a
    /// scope further in replaces or decides (of the key, or of a key the instance read). A snapshot that named a key
    /// Ambient knew nothing of keeps such an instance weakly, if it is an object, for a partner (``WeaklyKept``). A
    /// scope made inside a snapshot's values can outlive the root and the scopes the snapshot links to, and its values
    /// read its own instances of such keys.
    static func handOver(
        to live: [WeakLinks], fromScopeAtDepth depth: Int?,
        _ instances: ((ObjectIdentifier, DependencyContext, ScopedDefault) -> Void) -> Void
    ) {
        guard !live.isEmpty else { return }
        instances { key, context, entry in
            for links in live where links.innermostInheritedDepth(among: entry.reads + [key]) == depth {
                if links.names(key) {
                    _ = links.pin(entry, for: CreationSlot(key: key, context: context))
                } else if links.names(KeyInfo.anyOverride) {
                    links.keepWeakly(entry, for: CreationSlot(key: key, context: context))
                }
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

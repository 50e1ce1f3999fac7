/// The values a default was created from, as the default keeps them: their overrides, flattened, their scopes and
/// their root held weakly, and each instance the default read, remembered when it read it
/// (<doc:Semantics#A-value-keeps-what-it-read>).
///
/// A snapshot is never a path back to what holds it: it holds the scopes and the root weakly, and it remembers weakly
/// what may hold it (``Remembered``). So a scope, a root and everything built for them are freed when nothing outside
/// Ambient holds their values (<doc:Semantics#Nothing-keeps-a-scope-alive-but-what-still-uses-it>).
final class Snapshot: @unchecked Sendable {
    // Safe: the weak references and every `let` are set in `init` only (the runtime loads weak references
    // atomically); `remembered` is a lock.

    /// The root whose instances the snapshot reads while it lives; `nil` from the start for a snapshot made once its
    /// root had ended.
    private weak var weakRoot: Root?
    /// The root whose lock and knowledge of keys a read uses once `weakRoot` is gone: the root's heir, which
    /// outlives it. Nothing is published there for the snapshot (<doc:Semantics#A-first-read-after-the-end-belongs-to-the-reader>).
    let heir: Root
    /// That root's reporter, which keeps the reports about the snapshot's reads once the root ended.
    let reporter: (any _DependencyIssueReporter)?
    /// The nodes that set the overrides the snapshot inherited, innermost first: a default rebuilt for an override is
    /// that node's while it lives.
    let origins: [WeakOrigin]
    /// Every override the snapshot inherited, flattened.
    let inherited: OverrideMap?
    /// The key whose creation the snapshot was made for (if any), and the keys of the values whose values the
    /// creation was made in (a first read in a value's values, or one after its scope ended, built for it alone): the
    /// values that may hold the new value.
    let holders: [ObjectIdentifier]
    /// The instances the snapshot read, by key and context.
    private let remembered = ConditionLock([CreationSlot: Remembered]())

    /// A snapshot reading in `root` (`nil`: a root that ended, whose heir is `heir`), inheriting `inherited`, set by
    /// `origins`, made for the creation of `createdKey` (if any) in the values of `holders`.
    init(
        root: Root?, heir: Root, reporter: (any _DependencyIssueReporter)?, origins: [WeakOrigin],
        inherited: OverrideMap?, createdKey: ObjectIdentifier? = nil, holders: [ObjectIdentifier] = []
    ) {
        self.holders = holders + (createdKey.map { [$0] } ?? [])
        weakRoot = root
        self.heir = heir
        self.reporter = reporter
        self.origins = origins
        self.inherited = inherited
    }

    /// The root reads look in: the snapshot's while it lives, else its heir.
    var root: Root { weakRoot ?? heir }

    /// The root, if it still lives.
    var liveRoot: Root? { weakRoot }

    /// Whether the snapshot's root ended: what it did not read before, it then builds for itself.
    var rootEnded: Bool { weakRoot == nil }

    /// The node that set overrides at `depth`, if it still lives.
    func origin(atDepth depth: Int) -> ScopeNode? {
        origins.first { $0.depth == depth }?.node
    }

    /// The instance remembered for `slot`, if one was and it still exists.
    func remembered(_ slot: CreationSlot) -> ScopedDefault? {
        remembered.withLock { $0[slot]?.entry }
    }

    /// Whether the snapshot holds the instance it remembered for `slot`.
    func holdsRemembered(_ slot: CreationSlot) -> Bool {
        remembered.withLock { $0[slot]?.isStrong ?? false }
    }

    /// Remembers `entry`, the instance a read of `slot` handed out here, unless an instance is remembered already;
    /// returns the one remembered, which an earlier reader may have remembered first.
    ///
    /// Strongly, except the instance of the snapshot's own key or of a value that may hold it (``holders``), one
    /// whose key read or named one of those keys, or named a key path not known then, and one that work a creation
    /// started read (`byWork`, which no key names): those may hold this snapshot, through the values that hold it,
    /// and are remembered weakly, so that values never keep each other in a cycle
    /// (<doc:Semantics#Nothing-keeps-a-scope-alive-but-what-still-uses-it>).
    func remember(_ entry: ScopedDefault, for slot: CreationSlot, byWork: Bool) -> ScopedDefault {
        let mayHoldThis =
            byWork || holders.contains(slot.key) || entry.reads.contains(KeyInfo.anyOverride)
            || entry.reads.contains(where: holders.contains)
        guard let kept = Remembered(entry, weakly: mayHoldThis) else { return entry }
        return remembered.withLock { table in
            if let earlier = table[slot]?.entry { return earlier }
            table[slot] = kept
            return entry
        }
    }
}

/// A node that set overrides, held weakly, and its depth.
final class WeakOrigin: @unchecked Sendable {
    // Safe: both are set in `init` only, and the runtime loads weak references atomically.
    private(set) weak var node: ScopeNode?
    let depth: Int

    init(_ node: ScopeNode) {
        self.node = node
        depth = node.depth
    }
}

/// An instance a snapshot remembered: held strongly, or, when it may hold the snapshot, weakly (an object only).
struct Remembered {
    private let strong: ScopedDefault?
    private weak var object: AnyObject?
    private let reads: [ObjectIdentifier]
    private let rebox: (@Sendable (AnyObject) -> AnyBox)?

    /// `entry`, held weakly when `weakly`; `nil` when it must be held weakly and is no object.
    init?(_ entry: ScopedDefault, weakly: Bool) {
        reads = entry.reads
        guard weakly else {
            strong = entry
            rebox = nil
            return
        }
        guard let object = entry.box.object else { return nil }
        strong = nil
        self.object = object
        rebox = entry.box.rebox
    }

    var isStrong: Bool { strong != nil }

    /// The instance, while it exists.
    var entry: ScopedDefault? {
        if let strong { return strong }
        return object.flatMap { object in rebox.map { ScopedDefault(box: $0(object), reads: reads) } }
    }
}

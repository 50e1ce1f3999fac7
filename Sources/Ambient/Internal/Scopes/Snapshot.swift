/// The values a default was created from, as the default keeps them: the source at the top of their chain of scope
/// nodes, whose top node holds their overrides, flattened. It holds their scopes and their root weakly, and
/// remembers each instance the default read, when it read it (<doc:Semantics#A-value-keeps-what-it-read>).
///
/// A snapshot is never a path back to what holds it: it holds the scopes and the root weakly, and it remembers weakly
/// what may hold it (``Remembered``). So a scope, a root and everything built for them are freed when nothing outside
/// Ambient holds their values (<doc:Semantics#Nothing-keeps-a-scope-alive-but-what-still-uses-it>).
final class Snapshot: DefaultSource, @unchecked Sendable {
    // Safe: the weak references and every `let` are set in `init` only (the runtime loads weak references
    // atomically); `remembered` is a lock.

    /// The root whose instances the snapshot reads while it lives; `nil` from the start for a snapshot made once its
    /// root had ended.
    private weak var weakRoot: Root?
    /// The root whose lock and knowledge of keys a read uses once `weakRoot` is gone: the root's heir, which
    /// outlives it. Nothing is published there for the snapshot (<doc:Semantics#A-first-read-after-the-end-belongs-to-the-reader>).
    let heir: Root
    /// The key whose creation the snapshot was made for (if any), and the keys of the values whose values the
    /// creation was made in (a first read in a value's values, or one after its scope ended, built for it alone): the
    /// values that may hold the new value.
    let holders: [ObjectIdentifier]
    /// The instances the snapshot read, by key and context.
    private let remembered = ConditionLock([CreationSlot: Remembered]())
    /// The empty tables every snapshot's read path probes: nothing is published for it there.
    private static let nothingPublished = LockFreeTable<KeyInfo>()

    /// A snapshot reading in `root` (`nil`: a root that ended, whose heir is `heir`), whose inherited overrides were
    /// set by `origins`, made in the values of `holders`.
    private init(
        root: Root?, heir: Root, reporter: (any _DependencyIssueReporter)?, origins: [WeakOrigin],
        holders: [ObjectIdentifier]
    ) {
        weakRoot = root
        self.heir = heir
        self.holders = holders
        // A default rebuilt for an override the snapshot inherited is the overriding node's while it lives.
        super.init(reporter: reporter, infos: Self.nothingPublished, origins: origins)
    }

    /// The snapshot of `values` that a creation of `key` keeps: in a snapshot's values, it reads in the same root
    /// and is held by the same values, and by the value of `key`.
    convenience init(of values: ScopeNode, for key: ObjectIdentifier) {
        let outer = values.source as? Snapshot
        let root = values.root
        self.init(
            root: outer == nil ? root : outer?.weakRoot, heir: outer?.heir ?? root.heir ?? root,
            reporter: values.reporter, origins: values.overridingNodes, holders: (outer?.holders ?? []) + [key])
    }

    override var root: Root { weakRoot ?? heir }

    override var rootEnded: Bool { weakRoot == nil }

    override var withoutOverrides: DefaultSource {
        Snapshot(root: weakRoot, heir: heir, reporter: reporter, origins: [], holders: [])
    }

    /// What the snapshot remembered for `slot`, when it answers a read in `storage`
    /// (``DefaultSource/published(_:for:)``).
    override func remembered(_ slot: CreationSlot, readIn storage: ScopeNode) -> Instance? {
        guard let entry = remembered.withLock({ $0[slot]?.entry }),
            storage.readsAsItsSnapshot(forKeyReading: entry.reads)
        else { return nil }
        return entry
    }

    /// Remembers `box`, the instance a read of `slot` in the snapshot's own values found in `scope`, unless an
    /// instance is remembered already; returns the one remembered, which an earlier reader may have remembered first,
    /// and whether it is held.
    ///
    /// Strongly, except the instance of the snapshot's own key or of a value that may hold it (``holders``), one
    /// whose key read or named one of those keys, or named a key path not known then, and one that work a creation
    /// started read (which no key names): those may hold this snapshot, through the values that hold it, and are
    /// remembered weakly, so that values never keep each other in a cycle
    /// (<doc:Semantics#Nothing-keeps-a-scope-alive-but-what-still-uses-it>). What was built for the snapshot alone
    /// (found in its own node, which holds it) is remembered strongly, whatever it names.
    override func remember(
        _ box: AnyBox, reads: [ObjectIdentifier], for slot: CreationSlot, foundIn scope: ScopeNode?,
        readIn storage: ScopeNode
    ) -> Instance {
        // What a scope made inside the snapshot's values has for itself is that scope's, which holds it.
        guard (scope?.depth ?? 0) <= storage.base.depth else { return (box, reads, true) }
        // NB: work a creation started (a task that inherited its frame) reads outside the creation, so no key names
        // what it reads.
        let byWork = CreationFrame.innermost.map { $0.current == nil } ?? false
        // NB: what was built for the snapshot alone, its node holds already; remembered weakly (a struct not at all),
        // it would be built again once the root ended, as the heir does not know its key: only what the snapshot
        // remembered answers then (<doc:Semantics#A-first-read-after-the-end-belongs-to-the-reader>).
        let builtAlone = scope === storage.base
        let mayHoldThis =
            !builtAlone
            && (byWork || holders.contains(slot.key) || reads.contains(KeyInfo.anyOverride)
                || reads.contains(where: holders.contains))
        guard let kept = Remembered(box, reads: reads, weakly: mayHoldThis) else { return (box, reads, false) }
        return remembered.withLock { table in
            if let earlier = table[slot]?.entry { return earlier }
            table[slot] = kept
            return (box, reads, !mayHoldThis)
        }
    }
}

// The scopes a snapshot links to, seen from the nodes of its values.

extension ScopeNode {
    /// The scope at `depth` that these values descend from: an ancestor, itself, or for a snapshot the scope that
    /// set the overrides at that depth while it lives; once that scope ended, the snapshot's own node, which keeps
    /// what is built for the snapshot alone (<doc:Semantics#A-first-read-after-the-end-belongs-to-the-reader>).
    func ancestor(atDepth depth: Int) -> ScopeNode {
        var node = self
        while node.depth > depth {
            guard let parent = node.parent else { return node.source.origins.first { $0.depth == depth }?.node ?? node }
            node = parent
        }
        return node
    }

    /// The topmost node of this chain: for a snapshot's values and the scopes made inside them, the snapshot's node,
    /// which keeps what is built for the snapshot alone.
    var base: ScopeNode {
        var node = self
        while let parent = node.parent { node = parent }
        return node
    }

    /// Whether what the snapshot at the top of this chain remembers answers a read here of a key that read `reads`:
    /// in the snapshot itself, and in a scope made inside its values that overrides none of `reads` (one that does
    /// has instances of its own, <doc:Semantics#Overrides-reach-derived-defaults>).
    func readsAsItsSnapshot(forKeyReading reads: [ObjectIdentifier]) -> Bool {
        parentReference == nil || (innermostOverrideDepth(among: reads) ?? 0) <= base.depth
    }

    /// The nodes that set the overrides visible here, innermost first: where defaults rebuilt for them are cached.
    var overridingNodes: [WeakOrigin] {
        var found: [WeakOrigin] = []
        var node = self
        while true {
            if node.setsOverrides { found.append(WeakOrigin(node)) }
            guard let parent = node.parent else { return found + node.source.origins }
            node = parent
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
    private let strong: AnyBox?
    private weak var object: AnyObject?
    private let reads: [ObjectIdentifier]
    private let rebox: (@Sendable (AnyObject) -> AnyBox)?

    /// `box`, whose key read `reads`, held weakly when `weakly`; `nil` when it must be held weakly and is no object.
    init?(_ box: AnyBox, reads: [ObjectIdentifier], weakly: Bool) {
        let weakened = weakly ? box.weakened : nil
        guard !weakly || weakened != nil else { return nil }
        (strong, object, rebox, self.reads) = (weakly ? nil : box, weakened?.object, weakened?.rebox, reads)
    }

    /// The instance, while it exists, and whether it is held strongly.
    var entry: DefaultSource.Instance? {
        if let strong { return (strong, reads, true) }
        return object.flatMap { object in rebox.map { ($0(object), reads, false) } }
    }
}

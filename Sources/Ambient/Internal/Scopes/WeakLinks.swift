/// What a snapshot holds instead of a parent and a strong root: weak links, so that a cache that holds the default
/// that holds the snapshot is not kept alive by it (see ``ScopeNode``).
final class WeakLinks: @unchecked Sendable {
    // Safe: the weak references and `inherited` are set in `init` only (the runtime loads weak references
    // atomically); `state` is a lock.

    /// The root whose cache the snapshot reads.
    private weak var weakRoot: Root?
    /// That root's reporter, which keeps the reports about the snapshot's reads once its heir answers them.
    let reporter: (any _DependencyIssueReporter)?
    /// The root that answers in its place once it was freed (<doc:Semantics#A-root-that-ended-hands-over-to-its-heir>):
    /// its heir, which outlives it, so holding it closes no cycle.
    let heir: Root
    /// The nodes that set the overrides the snapshot inherited, innermost first: a default rebuilt for an inherited
    /// override is cached in the node that set it, while that node lives.
    ///
    /// NB: every one of them, not only the innermost: an outer scope outlives an inner one, and a default rebuilt
    /// for the outer scope must still be found there once the inner scope it was first read in has ended.
    let origins: [WeakOrigin]
    /// Every override the snapshot inherited, flattened.
    let inherited: OverrideMap?
    /// For a snapshot made from values that read in their root's heir (a snapshot's whose root ended, or a scope's
    /// made inside them): that snapshot's links, weakly, and its depth. What it keeps answers here too, for a key that
    /// no scope below it overrides the reads of (<doc:Semantics#One-instance-per-key-per-scope>).
    private weak var endedAncestor: WeakLinks?
    private let endedAncestorDepth: Int
    /// Whether the snapshot was made from values that read in the heir: it does too, also once that snapshot is gone.
    private let madeReadingInTheHeir: Bool
    /// What the snapshot learns after it is made, under one lock.
    ///
    /// NB: one lock, not one per part: each lock is an `NSCondition`, which every creation would pay for.
    private struct State {
        /// The instances that the scopes the snapshot links to handed out to it, kept for good: a value created in
        /// a scope reads the scope's instances after the scope ended too
        /// (<doc:Semantics#One-instance-per-key-per-scope>). Never its own key's, so that a value with a property on
        /// its own key does not keep itself alive.
        var pins: [CreationSlot: ScopedDefault] = [:]
        /// When the creation named a key it knew nothing of: the objects its scopes and its root handed out, kept
        /// weakly when they ended, and what the values it was made from kept, kept weakly when it ended; for partners
        /// created from these values later (``WeaklyKept``).
        var weaklyKept: [CreationSlot: WeaklyKept] = [:]
        /// The keys the creation read or named, set when it ends, and the key paths of the properties it created
        /// whose keys were not known then: what it keeps of its scopes' instances when they end.
        var namedKeys: Set<ObjectIdentifier> = []
        var namedKeyPaths: [any AnyObject & Sendable] = []
        /// The values the creation was made from, while it runs, when they descend from a snapshot: where what it
        /// rebuilds for a scope that ended goes meanwhile
        /// (<doc:Semantics#A-scope-that-ended-rebuilds-once-per-reader>).
        var creationSource: ScopeNode?
        /// The value the creation made, once made, if it is an object that names its own key: what a read of the
        /// created key here answers while that value exists (<doc:Semantics#Freeing-never-splits-an-instance>).
        /// Weak, since the value holds the snapshot.
        weak var createdObject: AnyObject?
        /// The ends of the scopes it links to that it watches, by depth: what a read that finds one of them gone
        /// waits for.
        var ends: [Int: ScopeEnd] = [:]
        /// The end of the root, once it watches it.
        var rootEnd: ScopeEnd?
    }
    private let state = ConditionLock(State())
    /// The key whose creation the snapshot was made for; `nil` for values made from one some other way.
    let createdKey: ObjectIdentifier?
    /// Whether the creation was made from values that descend from a snapshot, which it holds while it runs.
    private let hasCreationSource: Bool

    /// Links to `root` and `origins`; for a snapshot made for a creation from values that descend from a snapshot,
    /// `creationSource` is those values, held until the creation ends.
    init(
        root: Root, origins: [WeakOrigin], inherited: OverrideMap?, createdKey: ObjectIdentifier? = nil,
        creationSource: ScopeNode? = nil, endedAncestor: (links: WeakLinks, depth: Int)? = nil
    ) {
        weakRoot = root
        self.endedAncestor = endedAncestor?.links
        endedAncestorDepth = endedAncestor?.depth ?? 0
        madeReadingInTheHeir = endedAncestor != nil
        reporter = root.reporter
        heir = root.heir ?? root
        self.origins = origins
        self.inherited = inherited
        self.createdKey = createdKey
        hasCreationSource = creationSource != nil
        if let creationSource { state.withLock { $0.creationSource = creationSource } }
    }

    /// Notes the keys the creation read or named, and has the scopes and the root it links to keep what they hand
    /// out to it; nothing when it named nothing, since then they have nothing to hand it. Lets go of the values the
    /// creation was made from, once it kept what they keep of those keys in `context`: a property read later finds
    /// what the value it was made from has (<doc:Semantics#A-scope-that-ended-rebuilds-once-per-reader>).
    func creationEnded(
        naming keys: [ObjectIdentifier], keyPaths: [any AnyObject & Sendable], in context: DependencyContext
    ) {
        if hasCreationSource {
            for key in keys {
                let slot = CreationSlot(key: key, context: context)
                if let kept = keptByCreationSource(slot) { _ = pin(kept, for: slot) }
            }
            if keys.contains(KeyInfo.anyOverride), let source = lastCreationSource { keepWeakly(whatIsKeptBy: source) }
            state.withLock { $0.creationSource = nil }
        }
        guard !keys.isEmpty || !keyPaths.isEmpty else { return }
        state.withLock { state in
            state.namedKeys.formUnion(keys)
            state.namedKeyPaths += keyPaths
        }
        var ends: [Int: ScopeEnd] = [:]
        for origin in origins {
            ends[origin.depth] = origin.node?.scopedDefaultsCreatingIfNeeded().watch(self)
        }
        let rootEnd = weakRoot?.watch(self)
        state.withLock { state in
            state.ends = ends
            state.rootEnd = rootEnd
        }
    }

    /// Notes the value the creation made, which names its own key, when it is an object.
    func created(_ box: AnyBox) {
        guard let object = box.object else { return }
        state.withLock { $0.createdObject = object }
    }

    /// The value the creation made, if it is an object that still exists.
    var createdObject: AnyObject? { state.withLock(\.createdObject) }

    /// The keys the creation read or named, once it ended; ``KeyInfo/anyOverride`` among them stands for properties
    /// whose keys were not known then.
    var namedKeys: [ObjectIdentifier] { state.withLock { Array($0.namedKeys) } }

    /// Whether the creation read or named `key`: a key path it named names the key it is known to read by now.
    func names(_ key: ObjectIdentifier) -> Bool {
        let (keys, keyPaths) = state.withLock { ($0.namedKeys, $0.namedKeyPaths) }
        return keys.contains(key) || keyPaths.contains { PropertyKeys.key(for: $0).map(ObjectIdentifier.init) == key }
    }

    /// The depth of the innermost override the snapshot inherited among `reads`, as
    /// ``ScopeNode/innermostOverrideDepth(among:)`` answers for it: the scope whose instance of a key that read
    /// `reads` it reads; `nil` for the root's.
    func innermostInheritedDepth(among reads: [ObjectIdentifier]) -> Int? {
        guard let inherited, !reads.isEmpty else { return nil }
        if reads.contains(KeyInfo.anyOverride) { return inherited.all.map(\.depth).max() }
        var innermost: Int?
        for key in reads {
            if let override = inherited.find(key), override.depth > (innermost ?? -1) { innermost = override.depth }
        }
        return innermost
    }

    /// The instance of `slot` that a linked scope handed out here, if one did.
    func pinned(_ slot: CreationSlot) -> ScopedDefault? {
        state.withLock { $0.pins[slot] }
    }

    /// Keeps `entry`, which a linked scope handed out for `slot`, unless it is the snapshot's own key's; returns
    /// the instance kept for `slot`, which an earlier reader may have pinned first.
    func pin(_ entry: ScopedDefault, for slot: CreationSlot) -> ScopedDefault {
        guard slot.key != createdKey else { return entry }
        return state.withLock { state in
            if let earlier = state.pins[slot] { return earlier }
            state.pins[slot] = entry
            return entry
        }
    }

    /// Keeps `entry`, which a linked scope or the root handed out and which ends, weakly for `slot`, unless the
    /// snapshot keeps an instance of it already. Its own key's too: a partner created from these values finds the
    /// value this snapshot was made for (the values themselves do not, ``keptForAPartner(_:)``).
    func keepWeakly(_ entry: ScopedDefault, for slot: CreationSlot) {
        guard let kept = WeaklyKept(entry) else { return }
        keepWeakly([(slot, kept)])
    }

    /// For a creation that named a key Ambient knew nothing of, made from `source`, values that descend from a
    /// snapshot: keeps weakly what that snapshot keeps for a partner, where `source` reads as the snapshot, so that
    /// a key path its property names finds, once a read shows its key, the instance the values it was made from had.
    private func keepWeakly(whatIsKeptBy source: ScopeNode) {
        guard let sourceLinks = source.links, sourceLinks !== self else { return }
        let (pins, weaklyKept) = sourceLinks.state.withLock { ($0.pins, $0.weaklyKept) }
        var kept: [(CreationSlot, WeaklyKept)] = []
        for (slot, entry) in pins where source.readsAsItsSnapshot(forKeyReading: entry.reads) {
            if let weak = WeaklyKept(entry) { kept.append((slot, weak)) }
        }
        for (slot, weak) in weaklyKept where pins[slot] == nil {
            if let entry = weak.entry, source.readsAsItsSnapshot(forKeyReading: entry.reads) {
                kept.append((slot, weak))
            }
        }
        keepWeakly(kept)
    }

    private func keepWeakly(_ kept: [(CreationSlot, WeaklyKept)]) {
        guard !kept.isEmpty else { return }
        state.withLock { state in
            for (slot, weak) in kept where state.pins[slot] == nil && state.weaklyKept[slot] == nil {
                state.weaklyKept[slot] = weak
            }
        }
    }

    /// What the snapshot keeps of `slot` for a partner created from its values: what it pinned, else what it kept
    /// weakly, while that exists. A read in the values themselves asks for every key but the snapshot's own: a value
    /// finds itself through its values only where a property on its own key shows that it looks itself up
    /// (<doc:Semantics#Freeing-never-splits-an-instance>). With `keeping`, for such a read, the snapshot pins an
    /// object it revives, under the same lock.
    func keptForAPartner(_ slot: CreationSlot, keeping: Bool = false) -> ScopedDefault? {
        state.withLock { state in
            if let pinned = state.pins[slot] { return pinned }
            guard let revived = state.weaklyKept[slot]?.entry else { return nil }
            if keeping { state.pins[slot] = revived }
            return revived
        }
    }

    /// Whether reads here are answered by the root's heir: the snapshot's root ended, or it was made from values
    /// whose root had (``endedAncestor``).
    var readsInTheHeir: Bool { madeReadingInTheHeir || rootEnded }

    /// For a read in `storage`, these values or a scope made inside them: what a snapshot it was made from, whose
    /// values read in the heir, keeps of `slot`, the nearest first, where no scope below that snapshot overrides
    /// what the key reads. The snapshot here then keeps it too.
    func keptByEndedAncestor(_ slot: CreationSlot, readIn storage: ScopeNode) -> ScopedDefault? {
        var links = self
        while let ancestor = links.endedAncestor {
            if let kept = ancestor.pinned(slot) {
                let overrideDepth = storage.innermostOverrideDepth(among: kept.reads) ?? 0
                return overrideDepth <= links.endedAncestorDepth ? pin(kept, for: slot) : nil
            }
            links = ancestor
        }
        return nil
    }

    /// The node that set overrides at `depth` and still lives, if any. Once it is gone, the read waits until it
    /// handed over what it built, if it had not yet (a read racing the scope's end finds that, not a new instance).
    func origin(atDepth depth: Int) -> ScopeNode? {
        guard let origin = origins.first(where: { $0.depth == depth }) else { return nil }
        if let node = origin.node { return node }
        state.withLock { $0.ends[depth] }?.waitUntilHandedOver()
        return nil
    }

    /// Where a default rebuilt for the scope at `depth`, which ended, goes while the creation runs: where the
    /// values it was made from put it; `nil` once the creation ended, or when it was made from a scope's values.
    func sourceAncestor(atDepth depth: Int) -> ScopeNode? {
        runningCreationSource?.ancestor(atDepth: depth)
    }

    /// For a snapshot made while another one's creation runs, from its values: what the last snapshot of that chain
    /// (the one whose creation ended) kept, or built for itself, of `slot`, when the key depends on a scope. It
    /// stands in for the scope that ended, also before the root the snapshot reads in knows the key (a snapshot
    /// made once its root ended reads in the heir).
    func keptByCreationSource(_ slot: CreationSlot) -> ScopedDefault? {
        guard let source = lastCreationSource else { return nil }
        // NB: values made inside a snapshot's values share its links; its pins are theirs only for keys they override
        // none of the reads of.
        let pinned = source.links?.pinned(slot).flatMap {
            source.readsAsItsSnapshot(forKeyReading: $0.reads) ? $0 : nil
        }
        let weaklyKept = source.links?.keptForAPartner(slot).flatMap {
            source.readsAsItsSnapshot(forKeyReading: $0.reads) ? $0 : nil
        }
        let kept = pinned ?? source.existingScopedDefaults?.table(for: slot.context).find(slot.key) ?? weaklyKept
        return kept.flatMap { $0.reads.isEmpty ? nil : $0 }
    }

    /// The values that the last creation of the chain this one runs in (the one that ended) was made from.
    private var lastCreationSource: ScopeNode? {
        guard var source = runningCreationSource else { return nil }
        while let next = source.links?.runningCreationSource { source = next }
        return source
    }

    /// The values the creation was made from, while it runs, when they descend from a snapshot.
    private var runningCreationSource: ScopeNode? {
        hasCreationSource ? state.withLock(\.creationSource) : nil
    }

    /// The snapshot's root, or once that was freed, its heir.
    var root: Root { weakRoot ?? heir }

    /// Whether the snapshot's root was freed, so that its heir answers; once it was, after the root handed over
    /// what it built, if it had not yet (a read racing the root's end finds that, not a new instance).
    var rootEnded: Bool {
        guard weakRoot == nil else { return false }
        state.withLock(\.rootEnd)?.waitUntilHandedOver()
        return true
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

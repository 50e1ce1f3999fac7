/// The owner of a set of cached default values: the process, or one test.
///
/// A key's default is created at most once per root and context, on first read, by the first reader; concurrent
/// first readers wait for it. No lock is held while the value is created, so a default can read other keys.
///
/// A default is created from the values of the scope that reads it, and the keys it reads meanwhile are recorded.
/// When that scope overrides none of them, the value is the root's, shared by every such scope. Otherwise it
/// belongs to the innermost scope that overrides one of them (``ScopedDefaults``), and the next scope that
/// overrides none of them creates the root's own.
final class Root: Sendable {
    /// The context of every scope that does not choose its own.
    let context: DependencyContext
    /// Where reports about reads in this root go, wherever they happen (a test's root has its test's reporter);
    /// `nil` sends them to the reporting task's reporter, else to standard error.
    let reporter: (any _DependencyIssueReporter)?
    private let defaultInfos = LockFreeTable<KeyInfo>()
    private let previewInfos = LockFreeTable<KeyInfo>()
    private let testingInfos = LockFreeTable<KeyInfo>()
    private var infos: [LockFreeTable<KeyInfo>] { [defaultInfos, previewInfos, testingInfos] }

    /// The table of `context`, unretained: it lives as long as this root.
    ///
    /// NB: probed unretained on the read path; a retained table would make threads reading one root contend on its
    /// reference count.
    @inline(__always)
    func unmanagedInfoTable(for context: DependencyContext) -> Unmanaged<LockFreeTable<KeyInfo>> {
        switch context {
        case .default: .passUnretained(defaultInfos)
        case .preview: .passUnretained(previewInfos)
        case .testing: .passUnretained(testingInfos)
        }
    }

    /// The table of `context`.
    @inline(__always)
    func infoTable(for context: DependencyContext) -> LockFreeTable<KeyInfo> {
        unmanagedInfoTable(for: context).takeUnretainedValue()
    }
    /// The creations under way, and who waits for whom; see `Root+Creation.swift`.
    let creations = ConditionLock(CreationState())
    /// The root that answers, once this one was freed, what the values that outlived it do not keep
    /// (<doc:Semantics#A-root-that-ended-hands-over-to-its-heir>): the process's root unless its maker chose
    /// another (`AmbientTesting` gives every test's root the one that ended tests share); `nil` for a root that is
    /// never freed.
    let heir: Root?

    init(context: DependencyContext, reporter: (any _DependencyIssueReporter)? = nil, heir: Root? = .process) {
        self.context = context
        self.reporter = reporter
        self.heir = heir
    }

    deinit {
        let (live, end) = creations.withLock { ($0.watchers.live, $0.watchers.end) }
        defer { end?.finish() }
        SnapshotWatchers.handOver(to: live, fromScopeAtDepth: nil) { keep in
            for context in DependencyContext.allCases {
                infoTable(for: context).forEachEntry { key, info in
                    guard let box = info.value.load() else { return }
                    keep(key, context, ScopedDefault(box: box, reads: info.reads))
                }
            }
        }
    }

    /// Notes a value created in this root, whose snapshot's links are `links`, so that it keeps what it names of
    /// the root's instances when the root ends; returns the end that the links wait for when they find the root
    /// gone, and nothing for a root that never ends.
    func watch(_ links: WeakLinks) -> ScopeEnd? {
        guard heir != nil else { return nil }
        return creations.withLock { $0.watchers.watch(links) }
    }

    /// The root of the process, in the detected context.
    static let process = Root(context: DependencyContext.current, heir: nil)

    /// What a node whose root is weak holds in place of a strong root; never read (see ``ScopeNode``).
    static let placeholder = Root(context: .default, heir: nil)

    /// Whether this is the process's root rather than one made for a test.
    var isProcess: Bool { self === Root.process }

    /// The keys created in `context`, in the order of their first creation, with what each read itself.
    func learnedKeys(in context: DependencyContext) -> [KeyInfo] {
        creations.withLock { state in state.learned.filter { $0.context == context }.map(\.info) }
    }

    /// What the root learned about `key` in `context`, if it was ever read there. Lock-free.
    func keyInfo(for key: ObjectIdentifier, in context: DependencyContext) -> KeyInfo? {
        infoTable(for: context).find(key)
    }

    // MARK: Resolving defaults

    /// The root's instance of `key` in `context`, if it was created, without retaining it. Lock-free.
    ///
    /// With `skippingDerived`, a default built from other keys is left to the slow path, which checks whether the
    /// reading scope overrides one of them.
    @inline(__always)
    func createdDefault(
        for key: ObjectIdentifier,
        in context: DependencyContext,
        skippingDerived: Bool
    ) -> Unmanaged<AnyBox>? {
        guard let info = unmanagedInfoTable(for: context)._withUnsafeGuaranteedRef({ $0.findUnmanaged(key) }) else {
            return nil
        }
        return info._withUnsafeGuaranteedRef { info in
            if skippingDerived, !info.reads.isEmpty { return nil }
            return info.value.loadUnmanaged()
        }
    }

    /// The default value of `Key` for a read in `storage`, and the keys it was built from.
    ///
    /// The root's instance serves every scope that overrides none of the keys the key's creations read; otherwise
    /// the instance of the innermost scope that overrides one of them does.
    @inline(__always)
    func defaultValue<Key: DependencyKey>(
        of _: Key.Type,
        id: ObjectIdentifier,
        in storage: ScopeNode
    ) -> (box: AnyBox, reads: [ObjectIdentifier]) {
        // A value's own values answer its own key with the value while it exists, after its scope or its root ended
        // too (<doc:Semantics#Freeing-never-splits-an-instance>); a scope inside them that overrides what the value
        // read or named has an instance of its own.
        if let links = storage.links, links.createdKey == id, let own = links.createdObject as? Key.Value,
            storage.readsAsItsSnapshot(forKeyReading: links.namedKeys)
        {
            return (Box(own), infoTable(for: storage.context).find(id)?.reads ?? [])
        }
        if let found = published(id, for: storage) { return found }
        return create(Key.self, id: id, in: storage)
    }

    /// Where a read of `id` in `storage` finds its default, given what the key's creations read so far: `nil` for
    /// the root's instance, else the scope whose rebuilt instance serves the read.
    func owner(of id: ObjectIdentifier, for storage: ScopeNode, reads: [ObjectIdentifier]) -> ScopeNode? {
        guard storage.hasOverrides, !reads.isEmpty, let depth = storage.innermostOverrideDepth(among: reads) else {
            return nil
        }
        return storage.ancestor(atDepth: depth)
    }

    /// Who holds the default of `id` that serves a read in `storage`: this root, or a scope it was rebuilt for;
    /// `nil` while it was never created.
    func ownerOfDefault(_ id: ObjectIdentifier, readIn storage: ScopeNode) -> DefaultOwner? {
        guard let info = infoTable(for: storage.context).find(id) else { return nil }
        return owner(of: id, for: storage, reads: info.reads).map(DefaultOwner.scope) ?? .root
    }

    /// The default of `id` that serves a read in `storage`, if it was created, and the key's reads. Lock-free.
    ///
    /// The reads are the first creation's, whichever instance serves the read: they decide which scopes have an
    /// instance of their own, so a creation that reads this one is rebuilt for the same scopes. A later creation
    /// for a scope may name less (a key it names has been created since), and a default created from that scope's
    /// instance with only those reads would be placed in the root (<doc:Semantics#Overrides-reach-derived-defaults>).
    func published(_ id: ObjectIdentifier, for storage: ScopeNode) -> (box: AnyBox, reads: [ObjectIdentifier])? {
        let context = storage.context
        let slot = CreationSlot(key: id, context: context)
        if let links = storage.links, links.readsInTheHeir {
            // Before what the heir has, each by the reads it was built from, whatever the heir learns of the key later:
            // what was built for a scope made inside the snapshot's values (a read here, or through a value created
            // here, had it), what the snapshot kept of its ended root and of its scopes, what a snapshot it was made
            // from keeps, and what was built for a live scope it links to.
            if let built = storage.builtInsideItsSnapshot(id, in: context) { return (built.box, built.reads) }
            if let pinned = links.pinned(slot), storage.readsAsItsSnapshot(forKeyReading: pinned.reads) {
                return (pinned.box, pinned.reads)
            }
            if let kept = links.keptByEndedAncestor(slot, readIn: storage) { return (kept.box, kept.reads) }
            if let built = storage.builtForALinkedScope(id, in: context) { return (built.box, built.reads) }
        }
        guard let info = infoTable(for: context).find(id) else {
            // What stands in for a scope that ended keeps, also before this root knows the key (as below once it does).
            guard let links = storage.links, let kept = links.keptByCreationSource(slot) else { return nil }
            return (links.pin(kept, for: slot).box, kept.reads)
        }
        let reads = info.reads
        if let scope = owner(of: id, for: storage, reads: reads) {
            // A value created in a scope keeps the instances that scope handed out to it, after the scope ended too.
            let links = storage.links.flatMap { scope.depth <= storage.baseDepth ? $0 : nil }
            if let links, id != links.createdKey, let kept = links.keptForAPartner(slot, keeping: true) {
                return (kept.box, reads)
            }
            // A snapshot that stands in for a scope that ended (a creation's, made from its values) answers with what
            // it keeps of that scope's instances, before what was built for it since.
            guard
                var entry = scope.snapshotLinks.flatMap({ $0 === links ? nil : $0.keptForAPartner(slot) })
                    ?? scope.existingScopedDefaults?.table(for: context).find(id)
            else { return nil }
            if let links { entry = links.pin(entry, for: slot) }
            return (entry.box, reads)
        }
        return info.value.load().map { ($0, reads) }
    }

    // MARK: Preparing

    /// Sets values on the root itself, for ``prepareDependencies(_:)``. Reports and skips what it cannot set.
    func prepare(_ overrides: [Override]) {
        creations.withLock { state in
            guard !state.isPrepared else {
                IssueReporting.report(.misuse, Messages.preparedTwice, to: reporter)
                return
            }
            state.isPrepared = true
            for override in overrides.sorted(by: { "\($0.keyType)" < "\($1.keyType)" }) {
                let isBeingRead = state.pending.keys.contains { $0.key == override.key }
                guard !isBeingRead, infos.allSatisfy({ $0.find(override.key) == nil }) else {
                    IssueReporting.report(.misuse, Messages.preparedAfterRead(override.keyType), to: reporter)
                    continue
                }
                for table in infos {
                    _ = table.insert(KeyInfo(reads: [], keyType: override.keyType), for: override.key).value
                        .storeIfNil(override.box)
                }
            }
        }
    }
}

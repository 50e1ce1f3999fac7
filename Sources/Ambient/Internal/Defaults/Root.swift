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
    /// The root whose lock and knowledge of keys the values that outlived this one use once it was freed, to build
    /// what they read for themselves (<doc:Semantics#A-first-read-after-the-end-belongs-to-the-reader>): the process's
    /// root unless its maker chose another (`AmbientTesting` gives every test's root the one that ended tests share);
    /// `nil` for a root that is never freed. Nothing is published there for them.
    let heir: Root?

    init(context: DependencyContext, reporter: (any _DependencyIssueReporter)? = nil, heir: Root? = .process) {
        self.context = context
        self.reporter = reporter
        self.heir = heir
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
    @inline(__always)
    func defaultValue<Key: DependencyKey>(
        of _: Key.Type,
        id: ObjectIdentifier,
        in storage: ScopeNode
    ) -> (box: AnyBox, reads: [ObjectIdentifier]) {
        if let found = published(id, for: storage) { return found }
        return create(Key.self, id: id, in: storage)
    }

    /// The scope whose instance of `id` serves a read in `storage`, given what the key's first creation read: the
    /// innermost scope that overrides one of `reads`, or the snapshot's own node for a snapshot whose scope or root
    /// ended; `nil` for the root's instance.
    func owner(of id: ObjectIdentifier, for storage: ScopeNode, reads: [ObjectIdentifier]) -> ScopeNode? {
        if storage.hasOverrides, !reads.isEmpty, let depth = storage.innermostOverrideDepth(among: reads) {
            return storage.ancestor(atDepth: depth)
        }
        guard let snapshot = storage.snapshot, snapshot.rootEnded else { return nil }
        return storage.base
    }

    /// The default of `id` that serves a read in `storage`, if it exists, and the key's reads; a snapshot remembers
    /// it. Each step is a rule of the Semantics article's "Lifetimes" (overrides were looked at before):
    ///
    /// 1. What a snapshot remembered (<doc:Semantics#A-value-keeps-what-it-read>).
    /// 2. The instance of the scope it belongs to, or the root's, while that lives
    ///    (<doc:Semantics#One-instance-per-key-per-scope>).
    /// 3. What was built for the snapshot alone, once that scope or root ended (the snapshot's node is then the
    ///    owner, <doc:Semantics#A-first-read-after-the-end-belongs-to-the-reader>).
    ///
    /// `nil` sends the read to ``create(_:id:in:)``. The reads are the first creation's: they decide which scopes
    /// have an instance of their own (<doc:Semantics#Overrides-reach-derived-defaults>).
    func published(_ id: ObjectIdentifier, for storage: ScopeNode) -> (box: AnyBox, reads: [ObjectIdentifier])? {
        let slot = CreationSlot(key: id, context: storage.context)
        let snapshot = storage.snapshot
        if let kept = snapshot?.remembered(slot), storage.readsAsItsSnapshot(forKeyReading: kept.reads) {
            return (kept.box, kept.reads)
        }
        guard let info = infoTable(for: slot.context).find(id) else { return nil }
        let scope = owner(of: id, for: storage, reads: info.reads)
        let entry: ScopedDefault
        if let scope {
            guard let found = scope.scopedDefaults.load()?.table(for: slot.context).find(id) else { return nil }
            entry = found
        } else {
            guard let box = info.value.load() else { return nil }
            guard snapshot != nil else { return (box, info.reads) }
            entry = ScopedDefault(box: box, reads: info.reads)
        }
        guard let snapshot, (scope?.depth ?? 0) <= storage.baseDepth else { return (entry.box, entry.reads) }
        // NB: work a creation started (a task that inherited its frame) reads outside the creation, so no key names
        // what it reads.
        let byWork = CreationStack.frame.map { $0.current == nil } ?? false
        let kept = snapshot.remember(entry, for: slot, byWork: byWork)
        return (kept.box, kept.reads)
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

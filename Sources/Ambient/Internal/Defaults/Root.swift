// The sources of defaults: a root (the process's, or one test's) and what it knows per key, the instances rebuilt
// for scopes, and the base class a snapshot shares with a root.

/// What answers the reads that no override answers, at the top of a chain of scope nodes: a ``Root``, or the
/// ``Snapshot`` a default keeps of the values it was created from. Each answers by its own rules
/// (``published(_:for:)``); the read path sees neither, only the instances published for it here.
class DefaultSource: @unchecked Sendable {
    // Safe: every stored property is a `let` of a `Sendable` type; the subclasses argue for their own.

    /// Where reports about reads here go (a test's root has its test's reporter); `nil` sends them to the reporting
    /// task's reporter, else to standard error.
    let reporter: (any _DependencyIssueReporter)?
    /// The instances published for the read path, by key and context (``CreationSlot/bits``): a root's; always
    /// empty for a snapshot, whose reads all go the long way.
    let infos: LockFreeTable<KeyInfo>

    /// A source reporting to `reporter` whose read path finds `infos`, whose values inherited overrides set by
    /// `origins`.
    init(reporter: (any _DependencyIssueReporter)?, infos: LockFreeTable<KeyInfo>, origins: [WeakOrigin] = []) {
        self.reporter = reporter
        self.infos = infos
        self.origins = origins
    }

    /// The instance of `key` published for the read path in `context`, if any, without retaining it. Lock-free.
    ///
    /// With `skippingDerived`, a default built from other keys is left to the slow path, which checks whether the
    /// reading scope overrides one of them.
    @inline(__always)
    final func createdDefault(
        for key: ObjectIdentifier,
        in context: DependencyContext,
        skippingDerived: Bool
    ) -> Unmanaged<AnyBox>? {
        // NB: the table is probed unretained: a retained one would make threads reading one root contend on its
        // reference count.
        let slot = CreationSlot(key: key, context: context).bits
        guard let info = Unmanaged.passUnretained(infos)._withUnsafeGuaranteedRef({ $0.findUnmanaged(slot) }) else {
            return nil
        }
        return info._withUnsafeGuaranteedRef { info in
            if skippingDerived, !info.reads.isEmpty { return nil }
            return info.value.loadUnmanaged()
        }
    }

    // MARK: What each kind of source answers (these defaults are a root's)

    /// The root whose lock and knowledge of keys reads here use.
    var root: Root { fatalError("a source is a root or a snapshot") }

    /// What the values remembered for `slot` that answers a read in `storage`, and whether it is held strongly;
    /// none for a root.
    func remembered(_ slot: CreationSlot, readIn storage: ScopeNode) -> Instance? { nil }

    /// Remembers `box`, the instance a read of `slot` in `storage` found in `scope` (`nil`: the root's), and returns
    /// the one remembered and whether `storage` holds it. A node below a root holds that root and its enclosing
    /// scopes, so it holds every default it can read.
    func remember(
        _ box: AnyBox, reads: [ObjectIdentifier], for slot: CreationSlot, foundIn scope: ScopeNode?,
        readIn storage: ScopeNode
    ) -> Instance { (box, reads, true) }

    /// Whether the values' root ended, so that what they did not read before they build for themselves.
    var rootEnded: Bool { false }

    /// The nodes that set the overrides these values inherited, held weakly, innermost first; none for a root.
    let origins: [WeakOrigin]

    /// The same source without the overrides and origins the values inherited (``DependencyValues/init()``).
    var withoutOverrides: DefaultSource { self }

    /// An instance a read finds, the key's first creation's reads (they decide which scopes have an instance of their
    /// own, <doc:Semantics#Overrides-reach-derived-defaults>), and whether the reading values hold it.
    typealias Instance = (box: AnyBox, reads: [ObjectIdentifier], isHeld: Bool)

    /// Where a read of `id` in `storage` finds its instance, a rule of the Semantics article's "Lifetimes" a step
    /// (overrides were looked at before); `nil` sends the read to ``Root/create(_:id:in:)``:
    ///
    /// 1. What a snapshot remembered (<doc:Semantics#A-value-keeps-what-it-read>).
    /// 2. The instance of the scope it belongs to (``Root/owner(of:for:reads:)``), or the root's, while that lives
    ///    (<doc:Semantics#One-instance-per-key-per-scope>).
    /// 3. What was built for a snapshot alone, once that scope or root ended
    ///    (<doc:Semantics#A-first-read-after-the-end-belongs-to-the-reader>).
    ///
    /// What steps 2 and 3 find, the source remembers (``remember(_:reads:for:foundIn:readIn:)``).
    final func published(_ id: ObjectIdentifier, for storage: ScopeNode) -> Instance? {
        let slot = CreationSlot(key: id, context: storage.context)
        if let kept = remembered(slot, readIn: storage) { return kept }
        guard let info = root.keyInfo(for: id, in: storage.context) else { return nil }
        let scope = root.owner(of: id, for: storage, reads: info.reads)
        guard let entry = scope == nil ? info : scope?.scopedDefaults.load()?.find(slot.bits),
            let box = entry.value.load()
        else { return nil }
        return remember(box, reads: entry.reads, for: slot, foundIn: scope, readIn: storage)
    }

    /// Whether a cache in `storage`, which does not override `key`, may hold what a read of `key` finds there
    /// (``ScopeNode/mayCacheValue(of:)``): only what `storage` holds.
    final func mayCache(_ key: ObjectIdentifier, readIn storage: ScopeNode) -> Bool {
        published(key, for: storage)?.isHeld ?? false
    }
}

/// The owner of a set of cached default values: the process, or one test.
///
/// A key's default is created at most once per root and context, on first read, by the first reader; concurrent
/// first readers wait for it. No lock is held while the value is created, so a default can read other keys.
///
/// A default is created from the values of the scope that reads it, and the keys it reads meanwhile are recorded.
/// When that scope overrides none of them, the value is the root's, shared by every scope that overrides none of
/// them. Otherwise it belongs to the innermost scope that overrides one of them (``ScopeNode/scopedDefaults``), and
/// the next scope that overrides none of them creates the root's own.
final class Root: DefaultSource, @unchecked Sendable {
    // Safe: every stored property is a `let` of a `Sendable` type.

    /// The context of every scope that does not choose its own.
    let context: DependencyContext
    /// The creations under way, and who waits for whom; see `Root+Creation.swift`.
    let creations = ConditionLock(CreationState())
    /// The root whose lock and knowledge of keys the values that outlived this one use once it was freed, to build
    /// what they read for themselves (<doc:Semantics#A-first-read-after-the-end-belongs-to-the-reader>): the process's
    /// root unless its maker chose another (`AmbientTesting` gives every test's root the one that ended tests share);
    /// `nil` for a root that is never freed. Nothing is published there for them.
    let heir: Root?

    init(context: DependencyContext, reporter: (any _DependencyIssueReporter)? = nil, heir: Root? = .process) {
        self.context = context
        self.heir = heir
        super.init(reporter: reporter, infos: LockFreeTable())
    }

    override var root: Root { self }

    /// The root of the process, in the detected context.
    static let process = Root(context: DependencyContext.current, heir: nil)

    /// Whether this is the process's root rather than one made for a test.
    var isProcess: Bool { self === Root.process }

    /// The keys created in `context`, in the order of their first creation, with what each read itself.
    func learnedKeys(in context: DependencyContext) -> [KeyInfo] {
        creations.withLock { state in state.learned.filter { $0.context == context }.map(\.info) }
    }

    /// What the root learned about `key` in `context`, if it was ever read there. Lock-free.
    func keyInfo(for key: ObjectIdentifier, in context: DependencyContext) -> KeyInfo? {
        infos.find(CreationSlot(key: key, context: context).bits)
    }

    // MARK: Resolving defaults

    /// The default value of `Key` for a read in `storage`, and the keys it was built from.
    @inline(__always)
    func defaultValue<Key: DependencyKey>(
        of _: Key.Type,
        id: ObjectIdentifier,
        in storage: ScopeNode
    ) -> (box: AnyBox, reads: [ObjectIdentifier]) {
        if let found = storage.source.published(id, for: storage) { return (found.box, found.reads) }
        return create(Key.self, id: id, in: storage)
    }

    /// The scope whose instance of `id` serves a read in `storage`, given what the key's first creation read: the
    /// innermost scope that overrides one of `reads`; else, once a snapshot's root ended, the snapshot's own node,
    /// which keeps what is built for it alone (<doc:Semantics#A-first-read-after-the-end-belongs-to-the-reader>);
    /// `nil` for the root's instance.
    func owner(of id: ObjectIdentifier, for storage: ScopeNode, reads: [ObjectIdentifier]) -> ScopeNode? {
        if storage.hasOverrides, !reads.isEmpty, let depth = storage.innermostOverrideDepth(among: reads) {
            return storage.ancestor(atDepth: depth)
        }
        return storage.source.rootEnded ? storage.base : nil
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
                let slots = DependencyContext.allCases.map { CreationSlot(key: override.key, context: $0).bits }
                guard !isBeingRead, slots.allSatisfy({ infos.find($0) == nil }) else {
                    IssueReporting.report(.misuse, Messages.preparedAfterRead(override.keyType), to: reporter)
                    continue
                }
                for slot in slots {
                    _ = infos.insert(KeyInfo(reads: [], keyType: override.keyType), for: slot).value
                        .storeIfNil(override.box)
                }
            }
        }
    }
}

/// What a root knows about a key in one context: every key its first creation read, and the root's instance; in a
/// scope's table (``ScopeNode/scopedDefaults``), the instance rebuilt for the scope, with the same reads.
final class KeyInfo: @unchecked Sendable {
    // Safe: `atomicWords` is only reached through atomic operations after `init` (see `AtomicWords`); the other
    // stored properties are `let`s of `Sendable` types.

    /// Word 0: ``value``. Must stay the first stored property.
    private var atomicWords = AtomicWords()
    /// The instance shared by every scope that overrides none of `reads`, once one such scope has read it; the
    /// scope's instance, in a scope's table.
    var value: LazyReference<AnyBox> { LazyReference(0, of: self) }
    /// The keys the first creation read, transitively, itself excluded: they decide for good which scopes share an
    /// instance (a scope that overrides one of them has its own). ``anyOverride`` among them stands for every key.
    let reads: [ObjectIdentifier]
    /// The `@Dependency` whose read made the first creation, when that read said where it is (see ``ReadContext``).
    let createdAt: DeclarationSite?
    /// The key, for explanations and the learned graph.
    let keyType: any DependencyKey.Type
    /// The keys the first creation read itself (not through the defaults of other keys), in order.
    let directReads: [any DependencyKey.Type]

    /// Stands among a creation's reads for every override: the creation named a key whose reads are not known yet,
    /// so its value belongs to the innermost scope that overrides anything.
    static let anyOverride = ObjectIdentifier(AnyOverride.self)
    private enum AnyOverride {}

    init(
        reads: [ObjectIdentifier],
        keyType: any DependencyKey.Type,
        directReads: [any DependencyKey.Type] = [],
        createdAt: DeclarationSite? = nil
    ) {
        self.reads = reads
        self.createdAt = createdAt
        self.keyType = keyType
        self.directReads = directReads
    }

    deinit { value.releaseStored() }

    /// Whether the atomic words are where ``AtomicWords`` looks for them.
    var atomicWordsAreFirst: Bool { AtomicWords.areFirst(in: self, at: &atomicWords) }

    /// The keys among `reads` that the first creation did not read: a later creation read them. The first
    /// creation's reads decide for good which scopes share an instance (<doc:Semantics#One-instance-per-key-per-scope>).
    func lateReads(in reads: [ObjectIdentifier]) -> [ObjectIdentifier] {
        guard !self.reads.contains(Self.anyOverride) else { return [] }
        return reads.filter { !self.reads.contains($0) && $0 != Self.anyOverride }
    }
}

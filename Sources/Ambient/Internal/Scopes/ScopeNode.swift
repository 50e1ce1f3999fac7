/// One scope's dependency values: its own overrides on top of its parent's, and the source that answers the rest.
///
/// Scopes form a persistent tree: entering a scope adds one node that points at its parent, whatever number of keys
/// is set. Ownership runs one way (<doc:LifetimesAndCaching>): a node holds its parent and its source; a default
/// holds only a ``Snapshot`` of the values it was created from, which holds their scopes and root weakly. A node
/// caches only what it already holds, or what is never freed (``mayCacheValue(of:)``), so no cache adds a path back
/// to itself.
@usableFromInline
final class ScopeNode: @unchecked Sendable {
    // Safe: the own overrides (the inline value's words too) and `context` change only through `DependencyValues`'
    // copy-on-write setters, which first make sure this node is uniquely referenced and not yet frozen. A node that
    // is reachable from another thread (or another `DependencyValues`) is therefore never mutated; it is only read.
    // The lazily built parts are atomics; every other stored property is a `let` (the weak references live in
    // `Snapshot`, which argues for itself).

    /// The lazily built parts' words; must stay the first stored property (see ``AtomicWords``).
    private var atomicWords = AtomicWords()
    /// The value of the first override, when it is small enough to be kept in the node (see ``InlineValue``); must
    /// stay the second stored property.
    private var firstValueWords = InlineValue()
    /// What answers the reads that no override answers (``DefaultSource``): a root, or the snapshot a default keeps.
    /// Unretained (the top node holds it in `sourceOwner`): a snapshot's weak reference gives a root a side table,
    /// which sends every retain of the root down the runtime's slow path, so entering a scope must not retain it.
    let sourceReference: Unmanaged<DefaultSource>
    /// The source, held by the top node only.
    private let sourceOwner: DefaultSource?
    /// The enclosing scope, retained, if any; `nil` in a chain's top node. Set in `init` only; `deinit` releases it.
    ///
    /// NB: not a stored `ScopeNode?`: for a class that holds one of its own kind, Swift frees the chain in a loop that
    /// retains and releases the parent once more, on every node freed — every scope entry. `deinit` loops itself.
    let parentReference: Unmanaged<ScopeNode>?
    /// The enclosing scope, if any.
    var parent: ScopeNode? { parentReference?.takeUnretainedValue() }
    /// The number of nodes above this one.
    let depth: Int
    /// Collects reads while a default is created from this node's values; inherited by nested scopes.
    @usableFromInline let recorder: ReadRecorder?
    /// Where the overrides this node sets were written: the `withDependencies` call that made it, if one did.
    let site: CallSite?
    /// How many overrides the ancestors hold (an upper bound on distinct keys); zero makes reads skip the overrides.
    let inheritedCount: Int
    // NB: `@exclusivity(unchecked)` drops the dynamic exclusivity check from every read: sound, as the class is,
    // since these are written only while the node is uniquely referenced.

    /// The key type of the first override this scope sets itself: most scopes set one, and an array would cost
    /// entering the scope a second allocation. NB: not one `Override?` with the value: binding an optional struct
    /// copies it, which retains and releases the box on every read that looks at it.
    @usableFromInline @exclusivity(unchecked) var firstKeyType: (any DependencyKey.Type)?
    /// The type of the first override's value when the value is kept inline, in `firstValueWords`; `nil` when there
    /// is no first override or its value is boxed.
    @usableFromInline @exclusivity(unchecked) var firstValueType: (any Sendable.Type)?
    /// How the inline value is destroyed, while `firstValueType` is set.
    @usableFromInline @exclusivity(unchecked) var firstValueDestruction = InlineValue.Destruction.none
    /// The box of the first override's value when it is not kept inline.
    @exclusivity(unchecked) private(set) var firstBox: AnyBox?
    /// The overrides this scope sets after the first, in the order they were first set.
    @exclusivity(unchecked) private(set) var moreOwn: [Override] = []
    /// The context whose values keys give here.
    @exclusivity(unchecked) private(set) var context: DependencyContext
    /// Every override visible here, built on first need by a child scope or by a large own layer.
    var visibleOverrides: LazyReference<OverrideMap> { LazyReference(0, of: self) }
    /// Defaults rebuilt for this scope because they were made from a value it overrides.
    var scopedDefaults: LazyReference<LockFreeTable<KeyInfo>> { LazyReference(1, of: self) }
    /// What `@Dependency` key paths resolved to in these values (see ``DependencyValues/resolve(_:)``).
    var keyPathValues: LazyReference<KeyPathCache> { LazyReference(2, of: self) }
    /// The pairs of `keyPathValues` that reads probe (``KeyPathPairs``), published there by the cache; 0 until its
    /// first entry. Not retained: the cache owns them.
    var keyPathPairs: AtomicWord { AtomicWords.word(Self.keyPathPairsWord, of: self) }
    /// The index of `keyPathPairs`' word, which the read path loads inline.
    @inlinable static var keyPathPairsWord: Int { 3 }

    deinit {
        if let firstValueType { destroyFirstInline(of: firstValueType, as: firstValueDestruction) }
        visibleOverrides.releaseStored()
        scopedDefaults.releaseStored()
        keyPathValues.releaseStored()
        // Frees the enclosing scopes that only this node held one at a time, not by recursion: a chain of nodes (the
        // copies that copy-on-write made) can be long enough to overflow the stack. A parent held only here gets its
        // own parent retained before it goes, so that its `deinit` releases that one without freeing it.
        var next = parentReference
        while let reference = next {
            var node = reference.takeRetainedValue()
            guard isKnownUniquelyReferenced(&node) else { return }
            next = node.parentReference?.retain()
        }
    }

    /// Whether the atomic words are where ``AtomicWords`` looks for them.
    var atomicWordsAreFirst: Bool { AtomicWords.areFirst(in: self, at: &atomicWords) }

    /// Whether the inline value's words are where ``InlineValue`` looks for them.
    var inlineValueWordsAreSecond: Bool { AtomicWords.areFirst(in: self, at: &firstValueWords, skipping: 4) }

    /// Whether this is the process's own root node, the values outside every scope (where a test's values may apply).
    let isProcessNode: Bool
    /// Whether this node carries on its parent's scope: made for a write to values that alone held their node, after
    /// a read had frozen it (in a `withDependencies` update, a read that rebuilt a default for the scope), so that
    /// its overrides were set by the same call, in the same scope, as the parent's. Provenance and the trace count
    /// the two nodes as one scope.
    let continuesParentScope: Bool

    /// A top node reading from `source`, in `context`, whose inherited overrides are `inherited` (a snapshot's),
    /// `depth` nodes below the root; `isProcessNode` for ``DependencyValues/processValues``.
    init(
        source: DefaultSource, context: DependencyContext, isProcessNode: Bool = false, depth: Int = 0,
        recorder: ReadRecorder? = nil, inherited: OverrideMap? = nil
    ) {
        self.isProcessNode = isProcessNode
        continuesParentScope = false
        sourceReference = .passUnretained(source)
        sourceOwner = source
        parentReference = nil
        self.depth = depth
        self.recorder = recorder
        site = nil
        inheritedCount = inherited?.all.count ?? 0
        self.context = context
        // A snapshot's top node holds the overrides it inherited as its map, so it is frozen from the start.
        if let inherited { _ = visibleOverrides.storeIfNil(inherited) }
    }

    /// A root node: no overrides, the root's context.
    convenience init(root: Root, isProcessNode: Bool = false) {
        self.init(source: root, context: root.context, isProcessNode: isProcessNode)
    }

    /// A node with no overrides on the source of `values`, without what it inherited.
    convenience init(rootNodeOf values: ScopeNode) {
        self.init(source: values.source.withoutOverrides, context: values.root.context)
    }

    /// The values a default is created from: those of `values`, flattened, with reads recorded by `recorder`, kept
    /// by a ``Snapshot``; on the process's root with no override, the root itself, which is never freed and keeps
    /// every instance they can read, so a snapshot would hold and remember nothing more.
    convenience init(snapshotOf values: ScopeNode, recorder: ReadRecorder, for key: ObjectIdentifier) {
        let source = values.source
        guard source !== Root.process || values.hasOverrides else {
            self.init(source: source, context: values.context, recorder: recorder)
            return
        }
        self.init(
            source: Snapshot(of: values, for: key), context: values.context, depth: values.depth + 1,
            recorder: recorder, inherited: values.hasOverrides ? values.allOverrides() : nil)
    }

    /// A child scope of `parent`, whose overrides were written at `site`, or a node that carries on `parent`'s
    /// scope (`continuing`).
    @inline(__always)
    init(parent: ScopeNode, recorder: ReadRecorder? = nil, site: CallSite? = nil, continuing: Bool = false) {
        isProcessNode = false
        continuesParentScope = continuing
        sourceReference = parent.sourceReference
        sourceOwner = nil
        parentReference = .passRetained(parent)
        depth = parent.depth + 1
        self.recorder = recorder ?? parent.recorder
        self.site = site
        inheritedCount = parent.inheritedCount + parent.ownCount
        context = parent.context
    }

    /// What answers the reads no override answers here.
    var source: DefaultSource { sourceReference.takeUnretainedValue() }

    /// The root whose cache holds the defaults read here; once a snapshot's root was freed, that root's heir.
    var root: Root { source.root }

    /// Where reports about reads here go: their root's reporter, also once a snapshot's root was freed.
    var reporter: (any _DependencyIssueReporter)? { source.reporter }

    /// Whether lazily built state depends on this node's current overrides, so it must not change in place.
    @inline(__always)
    var isFrozen: Bool { visibleOverrides.load() != nil || scopedDefaults.load() != nil || keyPathValues.load() != nil }

    /// Whether reads through this node are being recorded (a default is being created from it).
    @inline(__always)
    var isRecording: Bool { recorder?.isOpen ?? false }

    // MARK: Writing (copy-on-write: only on a unique, unfrozen node)

    /// Sets `key`, whose type is `keyType`, to the value in `box`.
    ///
    /// NB: inlined for the first override, which almost every scope sets: it is a few stores.
    @inline(__always)
    func set(_ box: consuming AnyBox, for keyType: any DependencyKey.Type, key: ObjectIdentifier) {
        guard let firstKeyType, ObjectIdentifier(firstKeyType) != key else {
            if firstValueType != nil { clearFirst() }
            firstKeyType = keyType
            firstBox = box
            return
        }
        setAfterFirst(box, for: keyType, key: key)
    }

    /// Destroys the first override's value, inline or boxed, before it is replaced.
    @usableFromInline
    func clearFirst() {
        if let firstValueType { destroyFirstInline(of: firstValueType, as: firstValueDestruction) }
        firstValueType = nil
        firstBox = nil
    }

    /// Sets `key`, whose type is `keyType`, to the value in `box`, when this scope's first override is another key.
    @usableFromInline
    func setAfterFirst(_ box: consuming AnyBox, for keyType: any DependencyKey.Type, key: ObjectIdentifier) {
        let own = Override(key: key, keyType: keyType, box: box, depth: depth, site: site)
        if let index = moreOwn.firstIndex(where: { $0.key == key }) {
            moreOwn[index] = own
        } else {
            moreOwn.append(own)
        }
    }

    func setContext(_ context: DependencyContext) {
        self.context = context
    }
}

// Reading a node: the fast path of created values (overrides are found in `ScopeNode+Overrides.swift`), and what its
// caches may hold.

extension ScopeNode {
    /// The address of the value of `key` here (``valueAddress(in:)``, read by ``value(at:as:)``) when it needs no
    /// work: an override, in a box or in this node, or a default already created; 0 sends the read the long way
    /// (``DependencyValues/resolve(_:)``). NB: an address, so that the inlined reader is one load whether the value
    /// is boxed or inline: a getter that branches on it grows past what the optimizer inlines into a caller's loop.
    @usableFromInline
    func createdValue(for key: ObjectIdentifier) -> UInt {
        if isRecording { return 0 }
        if hasOverrides {
            let found = overrideValue(for: key)
            if found != 0 { return found }
        }
        // NB: a snapshot publishes nothing for the read path, so its values' reads go the long way.
        let skippingDerived = hasOverrides
        let created = Self.valueAddress(
            in: sourceReference._withUnsafeGuaranteedRef {
                $0.createdDefault(for: key, in: context, skippingDerived: skippingDerived)
            })
        // A default rebuilt for an enclosing scope, which an earlier read here cached (``cacheDefault(_:for:)``).
        guard created == 0, skippingDerived else { return created }
        return Self.cachedValueAddress(in: .passUnretained(self), forKeyPath: key)
    }

    /// Caches `box`, the default of `key` that a read here found the long way, where ``createdValue(for:)`` probes,
    /// if these values hold it already: the instance a key has in one set of values never changes.
    func cacheDefault(_ box: AnyBox, for key: ObjectIdentifier) {
        guard hasOverrides, source.mayCache(key, readIn: self) else { return }
        cache(box, for: key, keeping: nil)
    }

    /// Where the value of the override for `key` visible here is, if any, as ``createdValue(for:)`` answers: in
    /// its box, or in this node; 0 if there is none.
    @inline(__always)
    func overrideValue(for key: ObjectIdentifier) -> UInt {
        if let firstKeyType {
            if moreOwn.count > 3 {
                return Self.valueAddress(in: allOverridesUnmanaged()._withUnsafeGuaranteedRef { $0.findBox(key) })
            }
            if ObjectIdentifier(firstKeyType) == key {
                guard let firstBox else { return UInt(bitPattern: InlineValue.address(in: .passUnretained(self))) }
                return Self.valueAddress(in: Unmanaged.passUnretained(firstBox))
            }
            for index in moreOwn.indices where moreOwn[index].key == key {
                return Self.valueAddress(in: Unmanaged.passUnretained(moreOwn[index].box))
            }
        }
        guard inheritedCount != 0 else { return 0 }
        return Self.valueAddress(in: inheritedOverridesUnmanaged()._withUnsafeGuaranteedRef { $0.findBox(key) })
    }

    /// The override for `key` visible in this scope, if any.
    @inline(__always)
    func override(for key: ObjectIdentifier) -> Override? {
        if let firstKeyType {
            if moreOwn.count > 3 { return allOverrides().find(key) }
            if ObjectIdentifier(firstKeyType) == key { return firstOverride }
            for own in moreOwn where own.key == key { return own }
        }
        guard inheritedCount != 0 else { return nil }
        return inheritedOverridesUnmanaged()._withUnsafeGuaranteedRef { $0.find(key) }
    }

    /// Whether any override is visible here.
    @inline(__always)
    var hasOverrides: Bool { inheritedCount != 0 || setsOverrides }

    /// Whether this scope sets any override itself.
    @inline(__always)
    var setsOverrides: Bool { firstKeyType != nil }

    /// How many overrides this scope sets itself.
    @inline(__always)
    var ownCount: Int { firstKeyType == nil ? 0 : 1 + moreOwn.count }
}

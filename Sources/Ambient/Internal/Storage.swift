/// One scope's dependency values: its own overrides on top of its parent's, and the root that caches defaults.
///
/// Scopes form a persistent tree. Entering a scope adds one node that points at its parent, so its cost does not
/// depend on how many keys are already set. Reads look in the node's own few overrides, then in a map of all
/// inherited overrides that the parent builds once, on first need.
///
/// Ownership runs one way, from scopes to what they cache (<doc:LifetimesAndCaching>): a node holds its parent and
/// its root; a root and a scope hold the defaults built for them; a default holds only a *snapshot* — a node with
/// the same visible overrides and context, but no parent, and its root and the scope it was read in only weakly.
/// A node caches only what it already holds, or what is never freed (``mayCacheValue(of:)``), so no cache adds a
/// path back to itself, and a scope, a test's root and everything built for them are freed when nothing outside
/// Ambient holds their values any more — whatever those values hold.
@usableFromInline
final class Storage: @unchecked Sendable {
    // Safe: the own overrides and `context` change only through `DependencyValues`' copy-on-write setters, which
    // first make sure this node is uniquely referenced and not yet frozen. A node that is reachable from another
    // thread (or another `DependencyValues`) is therefore never mutated; it is only read. The lazily built parts are
    // atomics; every other stored property is a `let` (the weak references live in `WeakLinks`, which argues for
    // itself).

    /// The lazily built parts' words; must stay the first stored property (see ``AtomicWords``).
    private var atomicWords = AtomicWords()
    /// The root of an ordinary node, unretained: a root node holds it in `rootOwner`, and every other node holds
    /// its parent, and so its root. A node with `links` (a snapshot, and nodes made from one) holds
    /// ``Root/placeholder`` here, never read, and its root weakly in `links`.
    ///
    /// NB: a snapshot's weak reference gives the root a side table, which makes every retain and release of the root
    /// take the runtime's slow path; so scopes must not retain the root each time they are entered.
    private let rootReference: Unmanaged<Root>
    /// The root, held strongly by a root node only.
    private let rootOwner: Root?
    /// What a node whose root is weak (a snapshot, and nodes made from one) holds instead; `nil` in an ordinary node.
    private let links: WeakLinks?
    /// The enclosing scope, retained, if any; always `nil` in a snapshot. Set in `init` only; `deinit` releases it.
    ///
    /// NB: not a stored `Storage?`: for a class that holds one of its own kind, Swift frees the chain in a loop that
    /// retains and releases the parent once more, on every node freed — every scope entry. `deinit` loops itself.
    private let parentReference: Unmanaged<Storage>?
    /// The enclosing scope, if any; always `nil` in a snapshot.
    var parent: Storage? { parentReference?.takeUnretainedValue() }
    /// The number of nodes above this one.
    let depth: Int
    /// Collects reads while a default is created from this node's values; inherited by nested scopes.
    let recorder: ReadRecorder?
    /// Where the overrides this node sets were written: the `withDependencies` call that made it, if one did.
    let site: CallSite?
    /// How many overrides the ancestors hold (an upper bound on distinct keys); zero makes reads skip the overrides.
    private let inheritedCount: Int
    // NB: `@exclusivity(unchecked)` drops the dynamic exclusivity check (a thread-local access set) from every
    // read. It is sound for the reason this class is: they are written only while the node is uniquely
    // referenced, so no other access, read or write, can overlap a write.

    /// The key type of the first override this scope sets itself, kept in the node: most scopes set one, and
    /// keeping it in an array would cost entering the scope a second allocation.
    ///
    /// NB: the key type and the box are two stored properties, not one `OwnOverride?`: binding an optional struct
    /// copies it, which retains and releases the box on every read that looks at it.
    @exclusivity(unchecked) private var firstKeyType: (any DependencyKey.Type)?
    /// The value of the first override; `nil` exactly when `firstKeyType` is.
    @exclusivity(unchecked) private var firstBox: AnyBox?
    /// The overrides this scope sets after the first, in the order they were first set; empty while there is no
    /// first.
    @exclusivity(unchecked) private var moreOwn: [OwnOverride] = []
    /// The context whose values keys give here.
    @exclusivity(unchecked) private(set) var context: DependencyContext
    /// Every override visible here, built on first need by a child scope or by a large own layer.
    private var visibleOverrides: LazyReference<OverrideMap> { LazyReference(0, of: self) }
    /// Defaults rebuilt for this scope because they were made from a value it overrides.
    private var scopedDefaults: LazyReference<ScopedDefaults> { LazyReference(1, of: self) }
    /// What `@Dependency` key paths resolved to in these values (see ``DependencyValues/resolve(_:)``).
    private var keyPathValues: LazyReference<KeyPathCache> { LazyReference(2, of: self) }

    deinit {
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

    /// Whether this is the process's own root node, the values outside every scope (where a test's values may apply).
    let isProcessNode: Bool

    /// The process's root node (``DependencyValues/processValues``).
    convenience init(processRoot root: Root) {
        self.init(root: root, isProcessNode: true)
    }

    /// A root node: no overrides, the root's context.
    init(root: Root, isProcessNode: Bool = false) {
        self.isProcessNode = isProcessNode
        rootReference = Unmanaged.passUnretained(root)
        rootOwner = root
        parentReference = nil
        depth = 0
        recorder = nil
        site = nil
        inheritedCount = 0
        links = nil
        context = root.context
    }

    /// A node with no overrides on the root of `source`, holding that root the way `source` does.
    init(rootNodeOf source: Storage) {
        isProcessNode = false
        rootReference = source.rootReference
        rootOwner = source.links == nil ? source.rootReference.takeUnretainedValue() : nil
        parentReference = nil
        depth = 0
        recorder = nil
        site = nil
        inheritedCount = 0
        links = source.links.map { WeakLinks(root: $0.root(context: source.context), origin: nil, inherited: nil) }
        context = source.root.context
    }

    /// A child scope of `parent`, whose overrides were written at `site`. Below a snapshot, the root stays weak.
    init(parent: Storage, recorder: ReadRecorder? = nil, site: CallSite? = nil) {
        isProcessNode = false
        rootReference = parent.rootReference
        rootOwner = nil
        parentReference = .passRetained(parent)
        depth = parent.depth + 1
        self.recorder = recorder ?? parent.recorder
        self.site = site
        inheritedCount = parent.inheritedCount + parent.ownCount
        links = parent.links
        context = parent.context
    }

    /// The values a default is created from: those of `source`, with reads recorded by `recorder`, but holding
    /// nothing that may cache the default (see the ownership rule above).
    init(snapshotOf source: Storage, recorder: ReadRecorder) {
        isProcessNode = false
        rootReference = Unmanaged.passUnretained(Root.placeholder)
        rootOwner = nil
        parentReference = nil
        depth = source.depth + 1
        self.recorder = recorder
        site = nil
        context = source.context
        let inherited = source.hasOverrides ? source.allOverrides() : nil
        inheritedCount = inherited?.all.count ?? 0
        links = WeakLinks(root: source.root, origin: source.innermostOverridingNode, inherited: inherited)
    }

    /// The root whose cache holds the defaults read here.
    ///
    /// A snapshot whose root was freed (a default kept by code outside Ambient after its test or root ended)
    /// reads in a root of its own, in the same context, made on first need.
    var root: Root {
        if let links { return links.root(context: context) }
        return rootReference.takeUnretainedValue()
    }

    /// The node that set the innermost override visible here, if any: where a default rebuilt for it is cached.
    private var innermostOverridingNode: Storage? {
        var node: Storage? = self
        while let current = node {
            if current.setsOverrides { return current }
            node = current.parent ?? current.links?.origin
        }
        return nil
    }

    /// Whether lazily built state depends on this node's current overrides, so it must not change in place.
    var isFrozen: Bool {
        (parentReference == nil && links?.inherited != nil) || visibleOverrides.load() != nil
            || scopedDefaults.load() != nil
            || keyPathValues.load() != nil
    }

    /// Whether reads through this node are being recorded (a default is being created from it).
    @inline(__always)
    var isRecording: Bool { recorder?.isOpen ?? false }

    /// Whether any override is visible here.
    @inline(__always)
    var hasOverrides: Bool { inheritedCount != 0 || setsOverrides }

    /// Whether `node` is this node's parent.
    @inline(__always)
    func isChild(of node: Storage) -> Bool {
        parentReference?.toOpaque() == Unmanaged.passUnretained(node).toOpaque()
    }

    /// Whether this scope sets any override itself.
    @inline(__always)
    var setsOverrides: Bool { firstKeyType != nil }

    /// How many overrides this scope sets itself.
    @inline(__always)
    private var ownCount: Int { firstKeyType == nil ? 0 : 1 + moreOwn.count }

    /// The first override this scope sets itself, if any.
    private var firstOwn: OwnOverride? {
        firstKeyType.map { OwnOverride(keyType: $0, box: firstBox.unsafelyUnwrapped) }
    }

    /// The overrides this scope sets itself, in the order they were first set.
    var layer: [Override] {
        guard let firstOwn else { return [] }
        return [override(firstOwn)] + moreOwn.map(override)
    }

    /// `own`, which this scope sets, with this scope's depth and site.
    private func override(_ own: OwnOverride) -> Override {
        Override(key: own.key, keyType: own.keyType, box: own.box, depth: depth, site: site)
    }

    // MARK: Reading

    /// The value of `key` here when it needs no work: overridden, or a default already created for the root.
    ///
    /// `nil` sends the read to the slow path (``DependencyValues/resolve(_:)``): a default to create, one rebuilt
    /// for a scope, or a read that must be recorded. The box is not retained: it lives as long as these values.
    @usableFromInline
    func createdValue(for key: ObjectIdentifier) -> Unmanaged<AnyBox>? {
        if isRecording { return nil }
        if hasOverrides, let box = overrideBox(for: key) { return box }
        // NB: a snapshot's root is weak; loading it would touch the root's reference count on every read.
        guard links == nil else { return nil }
        let skippingDerived = hasOverrides
        return rootReference._withUnsafeGuaranteedRef {
            $0.createdDefault(for: key, in: context, skippingDerived: skippingDerived)
        }
    }

    /// The value a `@Dependency` key path resolved to in these values, if it was cached. Not retained.
    @usableFromInline
    func cachedValue(forKeyPath keyPath: ObjectIdentifier) -> Unmanaged<AnyBox>? {
        guard let cache = keyPathValues.loadUnmanaged() else { return nil }
        return cache._withUnsafeGuaranteedRef { $0.cachedValue(for: keyPath) }
    }

    /// Whether the getter of `keyPath` was found to compute its value, so it must run on every read.
    func isUncacheable(keyPath: ObjectIdentifier) -> Bool {
        keyPathValues.load()?.isUncacheable(keyPath) ?? false
    }

    /// Caches the value `keyPath` resolves to in these values.
    func cacheValue(_ box: AnyBox, forKeyPath keyPath: any AnyObject & Sendable) {
        let cache = keyPathValues.load() ?? keyPathValues.storeIfNil(KeyPathCache())
        cache.insert(box, for: keyPath)
    }

    /// Whether a cache here may hold the value that a read of `key` finds here: only when these values already hold
    /// it, or it is never freed.
    ///
    /// This is the ownership rule's one test (<doc:LifetimesAndCaching>). A cache adds an edge from this node to
    /// the value it caches; the edge can close a cycle only if the value was not already reachable from here and
    /// can be freed. An override is held by the node that sets it, and an ordinary node holds its enclosing scopes
    /// and its root, so it already holds every default it can read. A node whose root is weak — the snapshot a
    /// default keeps, and the scopes entered below it — holds only its overrides, its own scopes and its orphan
    /// root: a default cached in the root or rebuilt for a scope it links to weakly may hold this very node, so it
    /// is not cached here, unless it is the process root's, which is never freed anyway.
    func mayCacheValue(of key: ObjectIdentifier) -> Bool {
        guard let links, override(for: key) == nil else { return true }
        let root = links.root(context: context)
        guard let owner = root.ownerOfDefault(key, readIn: self) else { return false }
        switch owner {
        case .root: return root.isProcess || links.isOrphanRoot(root)
        case .scope(let scope): return holdsStrongly(scope)
        }
    }

    /// Whether `node` is this node or one of the scopes it holds (its parents, not what it links to weakly).
    private func holdsStrongly(_ node: Storage) -> Bool {
        var current: Storage? = self
        while let candidate = current {
            if candidate === node { return true }
            current = candidate.parent
        }
        return false
    }

    /// Notes that the getter of `keyPath` computes its value.
    func markUncacheable(keyPath: any AnyObject & Sendable) {
        let cache = keyPathValues.load() ?? keyPathValues.storeIfNil(KeyPathCache())
        cache.insert(cache.uncacheable, for: keyPath)
    }

    /// The box of the override for `key` visible here, if any, without retaining it.
    @inline(__always)
    private func overrideBox(for key: ObjectIdentifier) -> Unmanaged<AnyBox>? {
        if let firstKeyType {
            if moreOwn.count > 3 { return allOverridesUnmanaged()._withUnsafeGuaranteedRef { $0.findBox(key) } }
            if ObjectIdentifier(firstKeyType) == key { return Unmanaged.passUnretained(firstBox.unsafelyUnwrapped) }
            for index in moreOwn.indices where moreOwn[index].key == key {
                return Unmanaged.passUnretained(moreOwn[index].box)
            }
        }
        guard inheritedCount != 0 else { return nil }
        return inheritedOverridesUnmanaged()._withUnsafeGuaranteedRef { $0.findBox(key) }
    }

    /// Every override visible in the enclosing scope (or inherited by a snapshot), without retaining the map.
    @inline(__always)
    private func inheritedOverridesUnmanaged() -> Unmanaged<OverrideMap> {
        // NB: through `Unmanaged`, so that the parent is not retained around the probe: every scope below one
        // node reads through it, from any thread.
        if let parentReference { return parentReference._withUnsafeGuaranteedRef { $0.allOverridesUnmanaged() } }
        return Unmanaged.passUnretained(links.unsafelyUnwrapped.inherited.unsafelyUnwrapped)
    }

    /// Every override visible here, without retaining the map once it is built.
    @inline(__always)
    private func allOverridesUnmanaged() -> Unmanaged<OverrideMap> {
        if let map = visibleOverrides.loadUnmanaged() { return map }
        return Unmanaged.passUnretained(allOverrides())
    }

    /// The override for `key` visible in this scope, if any.
    @inline(__always)
    func override(for key: ObjectIdentifier) -> Override? {
        if let firstOwn {
            if moreOwn.count > 3 { return allOverrides().find(key) }
            if firstOwn.key == key { return override(firstOwn) }
            for own in moreOwn where own.key == key { return override(own) }
        }
        guard inheritedCount != 0 else { return nil }
        return inheritedOverridesUnmanaged()._withUnsafeGuaranteedRef { $0.find(key) }
    }

    /// Every override visible in this scope, built once.
    func allOverrides() -> OverrideMap {
        if let map = visibleOverrides.load() { return map }
        if !setsOverrides, parentReference == nil, let inherited = links?.inherited {
            return visibleOverrides.storeIfNil(inherited)
        }
        var merged: [ObjectIdentifier: Override] = [:]
        if inheritedCount != 0 {
            for override in inheritedOverridesUnmanaged().takeUnretainedValue().all { merged[override.key] = override }
        }
        for override in layer { merged[override.key] = override }
        return visibleOverrides.storeIfNil(OverrideMap(Array(merged.values)))
    }

    /// Every override set in this scope and the ones around it, innermost scope first, hidden ones included; in a
    /// snapshot, the ones it inherited after its own.
    func overridesInnermostFirst() -> [Override] {
        var found: [Override] = []
        var node: Storage? = self
        var last = self
        while let current = node {
            found += current.layer
            last = current
            node = current.parent
        }
        if let inherited = last.links?.inherited {
            found += inherited.all.sorted { $0.depth > $1.depth }
        }
        return found
    }

    /// The depth of the innermost scope that overrides one of `keys`, or `nil` when none does.
    func innermostOverrideDepth(among keys: [ObjectIdentifier]) -> Int? {
        var innermost: Int?
        for key in keys {
            if let override = override(for: key), override.depth > (innermost ?? -1) {
                innermost = override.depth
            }
        }
        return innermost
    }

    /// The node at `depth` that these values descend from: an ancestor, itself, or for a snapshot the scope it
    /// was taken in. A snapshot whose scope was freed answers itself: it then caches what it rebuilds.
    func ancestor(atDepth depth: Int) -> Storage {
        var node = self
        while node.depth > depth {
            guard let next = node.parent ?? node.links?.origin else { return node }
            node = next
        }
        return node
    }

    /// The defaults rebuilt for this scope.
    func scopedDefaultsCreatingIfNeeded() -> ScopedDefaults {
        scopedDefaults.load() ?? scopedDefaults.storeIfNil(ScopedDefaults())
    }

    /// The defaults rebuilt for this scope, if any was.
    var existingScopedDefaults: ScopedDefaults? { scopedDefaults.load() }

    // MARK: Writing (copy-on-write: only on a unique, unfrozen node)

    func set(_ box: consuming AnyBox, for keyType: any DependencyKey.Type, key: ObjectIdentifier) {
        guard let firstKeyType, ObjectIdentifier(firstKeyType) != key else {
            firstKeyType = keyType
            firstBox = box
            return
        }
        let own = OwnOverride(keyType: keyType, box: box)
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

/// An override that a ``Storage`` node sets itself: the node knows its depth and site, so they are not stored again.
struct OwnOverride {
    /// The key type; its identity is the key.
    let keyType: any DependencyKey.Type
    /// The value.
    let box: AnyBox

    /// The key's identity.
    @inline(__always)
    var key: ObjectIdentifier { ObjectIdentifier(keyType) }
}

/// What a snapshot holds instead of a parent and a strong root: weak links, so that a cache that holds the default
/// that holds the snapshot is not kept alive by it (see ``Storage``).
final class WeakLinks: @unchecked Sendable {
    // Safe: the weak references and `inherited` are set in `init` only (the runtime loads weak references
    // atomically); `orphan` is a lock.

    /// The root whose cache the snapshot reads.
    private weak var weakRoot: Root?
    /// The node that set the innermost override the snapshot inherited: defaults rebuilt for an inherited override
    /// are cached there while it lives.
    private(set) weak var origin: Storage?
    /// Every override the snapshot inherited, flattened.
    let inherited: OverrideMap?
    /// The root the snapshot reads in once its own root was freed (its default outlived the root's last user).
    private let orphan = ConditionLock<Root?>(nil)

    init(root: Root, origin: Storage?, inherited: OverrideMap?) {
        weakRoot = root
        self.origin = origin
        self.inherited = inherited
    }

    /// Whether `root` is the root of the snapshot's own, made after its root was freed (held by these links).
    func isOrphanRoot(_ root: Root) -> Bool {
        orphan.withLock { $0 === root }
    }

    /// The snapshot's root, or once that was freed, a root of its own in `context`, made on first need.
    func root(context: DependencyContext) -> Root {
        if let weakRoot { return weakRoot }
        return orphan.withLock { orphan in
            if let orphan { return orphan }
            let root = Root(context: context)
            orphan = root
            return root
        }
    }
}

/// Values that `@Dependency` key paths resolved to in one scope, by the key path's identity.
///
/// The cache keeps each key path it has an entry for alive, so that no other key path can take its address (and
/// so its identity) while the entry exists. Key paths with arguments (`\.[item: id]`) are new objects each time
/// they are written; the cache stops growing at ``capacity`` entries, and later key paths are simply not cached.
final class KeyPathCache: Sendable {
    /// Stored for a key path whose getter computes its value (see ``DependencyValues/resolve(_:)``).
    ///
    /// NB: one per cache, not a `static let`: a global costs a `swift_once` call on every read.
    let uncacheable = AnyBox()
    /// The most key paths one scope caches.
    static let capacity = 256

    private let table = LockFreeTable<AnyBox>()
    private let keyPaths = ConditionLock<[any AnyObject & Sendable]>([])

    /// The value cached for `keyPath`, if it has one, without retaining it: valid while this cache lives.
    @inline(__always)
    func cachedValue(for keyPath: ObjectIdentifier) -> Unmanaged<AnyBox>? {
        guard let box = table.findUnmanaged(keyPath), box.toOpaque() != Unmanaged.passUnretained(uncacheable).toOpaque()
        else { return nil }
        return box
    }

    /// Whether `keyPath` was found to compute its value.
    func isUncacheable(_ keyPath: ObjectIdentifier) -> Bool {
        table.findUnmanaged(keyPath)?.toOpaque() == Unmanaged.passUnretained(uncacheable).toOpaque()
    }

    func insert(_ box: AnyBox, for keyPath: any AnyObject & Sendable) {
        keyPaths.withLock { keyPaths in
            guard keyPaths.count < Self.capacity, table.find(ObjectIdentifier(keyPath)) == nil else { return }
            keyPaths.append(keyPath)
            table.insert(box, for: ObjectIdentifier(keyPath))
        }
    }
}

/// Default values rebuilt for one scope, per context.
final class ScopedDefaults: Sendable {
    private let tables = DependencyContext.allCases.map { _ in LockFreeTable<ScopedDefault>() }

    func table(for context: DependencyContext) -> LockFreeTable<ScopedDefault> {
        tables[context.index]
    }
}

/// A default rebuilt for one scope, and the keys it read while it was created.
final class ScopedDefault: Sendable {
    let box: AnyBox
    let reads: [ObjectIdentifier]

    init(box: AnyBox, reads: [ObjectIdentifier]) {
        self.box = box
        self.reads = reads
    }
}

extension DependencyContext {
    /// A dense index, for per-context tables.
    @inline(__always)
    var index: Int {
        switch self {
        case .default: 0
        case .preview: 1
        case .testing: 2
        }
    }
}

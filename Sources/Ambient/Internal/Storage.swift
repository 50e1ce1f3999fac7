import Synchronization

/// One scope's dependency values: its own overrides on top of its parent's, and the root that caches defaults.
///
/// Scopes form a persistent tree. Entering a scope adds one node that points at its parent, so its cost does not
/// depend on how many keys are already set. Reads look in the node's own few overrides, then in a map of all
/// inherited overrides that the parent builds once, on first need.
@usableFromInline
final class Storage: @unchecked Sendable {
    // Safe: `layer` and `context` change only through `DependencyValues`' copy-on-write setters, which first make
    // sure this node is uniquely referenced and not yet frozen. A node that is reachable from another thread (or
    // another `DependencyValues`) is therefore never mutated; it is only read. The lazily built parts are atomics.

    /// The root whose cache holds this node's default values.
    let root: Root
    /// The enclosing scope, if any.
    let parent: Storage?
    /// The number of nodes above this one.
    let depth: Int
    /// Collects reads while a default is created from this node's values; inherited by nested scopes.
    let recorder: ReadRecorder?
    /// How many overrides the ancestors hold (an upper bound on distinct keys); zero makes reads skip the overrides.
    private let inheritedCount: Int
    // NB: `@exclusivity(unchecked)` drops the dynamic exclusivity check (a thread-local access set) from every
    // read. It is sound for the reason this class is: the two are written only while the node is uniquely
    // referenced, so no other access, read or write, can overlap a write.

    /// The overrides this scope sets itself.
    @exclusivity(unchecked) private(set) var layer: [Override] = []
    /// The context whose values keys give here.
    @exclusivity(unchecked) private(set) var context: DependencyContext
    /// Every override visible here, built on first need by a child scope or by a large own layer.
    private let visibleOverrides = LazyReference<OverrideMap>()
    /// Defaults rebuilt for this scope because they were made from a value it overrides.
    private let scopedDefaults = LazyReference<ScopedDefaults>()
    /// What `@Dependency` key paths resolved to in these values (see ``DependencyValues/resolve(_:)``).
    private let keyPathValues = LazyReference<KeyPathCache>()

    /// A root node: no overrides, the root's context.
    init(root: Root) {
        self.root = root
        parent = nil
        depth = 0
        recorder = nil
        inheritedCount = 0
        context = root.context
    }

    /// A child scope of `parent`, optionally recording reads for a default being created from it.
    init(parent: Storage, recorder: ReadRecorder? = nil) {
        root = parent.root
        self.parent = parent
        depth = parent.depth + 1
        self.recorder = recorder ?? parent.recorder
        inheritedCount = parent.inheritedCount + parent.layer.count
        context = parent.context
    }

    /// Whether lazily built state depends on this node's current overrides, so it must not change in place.
    var isFrozen: Bool {
        visibleOverrides.load() != nil || scopedDefaults.load() != nil || keyPathValues.load() != nil
    }

    /// Whether reads through this node are being recorded (a default is being created from it).
    @inline(__always)
    var isRecording: Bool { recorder?.isOpen ?? false }

    /// Whether any override is visible here.
    @inline(__always)
    var hasOverrides: Bool { inheritedCount != 0 || !layer.isEmpty }

    // MARK: Reading

    /// The value of `key` here when it needs no work: overridden, or a default already created for the root.
    ///
    /// `nil` sends the read to the slow path (``DependencyValues/resolve(_:)``): a default to create, one rebuilt
    /// for a scope, or a read that must be recorded. The box is not retained: it lives as long as these values.
    @usableFromInline
    func createdValue(for key: ObjectIdentifier) -> Unmanaged<AnyBox>? {
        if isRecording { return nil }
        if hasOverrides, let box = overrideBox(for: key) { return box }
        return root.createdDefault(for: key, in: context, skippingDerived: hasOverrides)
    }

    /// The value a `@Dependency` key path resolved to in these values, if it was cached. Not retained.
    @usableFromInline
    func cachedValue(forKeyPath keyPath: ObjectIdentifier) -> Unmanaged<AnyBox>? {
        guard let cache = keyPathValues.loadUnmanaged(),
            let box = cache._withUnsafeGuaranteedRef({ $0.table.findUnmanaged(keyPath) }),
            box.toOpaque() != KeyPathCache.uncacheable.toOpaque()
        else { return nil }
        return box
    }

    /// Whether the getter of `keyPath` was found to compute its value, so it must run on every read.
    func isUncacheable(keyPath: ObjectIdentifier) -> Bool {
        keyPathValues.load()?.table.findUnmanaged(keyPath)?.toOpaque() == KeyPathCache.uncacheable.toOpaque()
    }

    /// Caches the value `keyPath` resolves to in these values.
    func cacheValue(_ box: AnyBox, forKeyPath keyPath: any AnyObject & Sendable) {
        let cache = keyPathValues.load() ?? keyPathValues.storeIfNil(KeyPathCache())
        cache.insert(box, for: keyPath)
    }

    /// Notes that the getter of `keyPath` computes its value.
    func markUncacheable(keyPath: any AnyObject & Sendable) {
        cacheValue(KeyPathCache.uncacheable.takeUnretainedValue(), forKeyPath: keyPath)
    }

    /// The box of the override for `key` visible here, if any, without retaining it.
    @inline(__always)
    private func overrideBox(for key: ObjectIdentifier) -> Unmanaged<AnyBox>? {
        if layer.count > 4 { return allOverrides().findBox(key) }
        for index in layer.indices where layer[index].key == key {
            return Unmanaged.passUnretained(layer[index].box)
        }
        guard inheritedCount != 0 else { return nil }
        return parent.unsafelyUnwrapped.allOverridesUnmanaged()._withUnsafeGuaranteedRef { $0.findBox(key) }
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
        if layer.count > 4 { return allOverrides().find(key) }
        for override in layer where override.key == key { return override }
        guard inheritedCount != 0 else { return nil }
        return parent.unsafelyUnwrapped.allOverrides().find(key)
    }

    /// Every override visible in this scope, built once.
    func allOverrides() -> OverrideMap {
        if let map = visibleOverrides.load() { return map }
        var merged: [ObjectIdentifier: Override] = [:]
        if let parent, inheritedCount != 0 {
            for override in parent.allOverrides().all { merged[override.key] = override }
        }
        for override in layer { merged[override.key] = override }
        return visibleOverrides.storeIfNil(OverrideMap(Array(merged.values)))
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

    /// This node's ancestor (or itself) at `depth`.
    func ancestor(atDepth depth: Int) -> Storage {
        var node = self
        while node.depth > depth { node = node.parent.unsafelyUnwrapped }
        return node
    }

    /// The defaults rebuilt for this scope.
    func scopedDefaultsCreatingIfNeeded() -> ScopedDefaults {
        scopedDefaults.load() ?? scopedDefaults.storeIfNil(ScopedDefaults())
    }

    /// The defaults rebuilt for this scope, if any was.
    var existingScopedDefaults: ScopedDefaults? { scopedDefaults.load() }

    // MARK: Writing (copy-on-write: only on a unique, unfrozen node)

    func set(_ box: AnyBox, for keyType: any DependencyKey.Type, key: ObjectIdentifier) {
        let override = Override(key: key, keyType: keyType, box: box, depth: depth)
        if let index = layer.firstIndex(where: { $0.key == key }) {
            layer[index] = override
        } else {
            layer.append(override)
        }
    }

    func setContext(_ context: DependencyContext) {
        self.context = context
    }
}

/// Values that `@Dependency` key paths resolved to in one scope, by the key path's identity.
///
/// The cache keeps each key path it has an entry for alive, so that no other key path can take its address (and
/// so its identity) while the entry exists. Key paths with arguments (`\.[item: id]`) are new objects each time
/// they are written; the cache stops growing at ``capacity`` entries, and later key paths are simply not cached.
final class KeyPathCache: Sendable {
    /// Stored for a key path whose getter computes its value (see ``DependencyValues/resolve(_:)``).
    static let uncacheable = Unmanaged.passRetained(AnyBox())
    /// The most key paths one scope caches.
    static let capacity = 256

    let table = LockFreeTable<AnyBox>()
    private let keyPaths = ConditionLock<[any AnyObject & Sendable]>([])

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

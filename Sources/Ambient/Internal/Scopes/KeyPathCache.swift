// A scope's key-path cache: the long read of a `@Dependency` key path that decides whether its value may be cached
// (a getter that returns one key's value as it is, compared by its bytes, unless caching it would make the scope hold
// what may hold it, `ScopeNode.mayCacheValue(of:)`); what key paths (and defaults found the long way) resolved to,
// kept by the cache under its lock; and the pairs every getter probes inline, without a lock.

public import AmbientAtomics

extension DependencyValues {
    /// The value of a type key known only as an existential; the caller guarantees that its value is `Value`.
    @usableFromInline
    func value<Key: DependencyKey, Value>(ofTypeKey key: Key.Type, as _: Value.Type) -> Value {
        // NB: `Dependency.init(_:)` only accepts keys whose `Value` is the wrapper's `Value`, so this cast is an
        // identity; `unsafeBitCast` skips the dynamic cast that `as!` would make.
        unsafeBitCast(self[key], to: Value.self)
    }

    /// Reads a `@Dependency` key path the long way, and caches its value in these values when that is safe.
    ///
    /// The value of a key in a given set of values never changes, so when the key path's getter reads exactly one
    /// key and returns that key's value itself — a property written `get { self[Key.self] }` — the value is cached
    /// and later reads skip the key path. A getter that computes something (`self[DateKey.self].now`, a sum, a
    /// transformed copy) returns a different type or different bits, and is run on every read. So is a getter whose
    /// value these values may not cache because it may hold them (``ScopeNode/mayCacheValue(of:)``).
    @usableFromInline
    func resolve<Value: Sendable>(_ keyPath: any KeyPath<DependencyValues, Value> & Sendable) -> Value {
        let id = ObjectIdentifier(keyPath)
        let cached = ScopeNode.publishedPairs(of: .passUnretained(storage))?.value(for: UInt(bitPattern: id))
        guard !storage.isRecording, cached != KeyPathPairs.uncacheable else {
            return self[keyPath: keyPath]
        }
        let probe = KeyPathProbe(on: storage)
        let value = probe.values[keyPath: keyPath]
        let reads = probe.keysRead()
        if reads.count == 1 { PropertyKeys.learn(keyPath, reads: reads[0]) }
        if reads.count == 1, let direct = reads[0].value(in: self, as: Value.self),
            isBitwiseIdentical(value, direct), storage.mayCacheValue(of: ObjectIdentifier(reads[0]))
        {
            storage.cache(Box(value), for: id, keeping: keyPath)
        } else {
            storage.cache(nil, for: id, keeping: keyPath)
        }
        return value
    }
}

extension ScopeNode {
    /// Whether a cache here may hold the value that a read of `key` finds here: only when these values already hold
    /// it, or it is never freed.
    ///
    /// This is the ownership rule's one test (<doc:LifetimesAndCaching>). A cache adds an edge from this node to
    /// the value it caches; the edge can close a cycle only if the value was not already reachable from here and
    /// can be freed. An override is held by the node that sets it; what a default is, the source says
    /// (``DefaultSource/mayCache(_:readIn:)``).
    func mayCacheValue(of key: ObjectIdentifier) -> Bool {
        source.mayCache(key, readIn: self) || override(for: key) != nil
    }
}

extension DependencyKey {
    /// The key's value in `values`, if its type is `Requested`.
    fileprivate static func value<Requested>(in values: DependencyValues, as _: Requested.Type) -> Requested? {
        Value.self == Requested.self ? values[Self.self] as? Requested : nil
    }
}

extension ScopeNode {
    /// Where the value a `@Dependency` key path resolved to in `storage` is, if it was cached, as
    /// ``createdValue(for:)`` answers: in its box; 0 if it was not. The probe that every getter inlines
    /// (``KeyPathPairs``).
    @inlinable @inline(__always)
    static func cachedValueAddress(in storage: Unmanaged<ScopeNode>, forKeyPath keyPath: ObjectIdentifier) -> UInt {
        guard let bits = publishedPairs(of: storage)?.value(for: UInt(bitPattern: keyPath)),
            bits > KeyPathPairs.uncacheable
        else {
            return 0
        }
        return valueAddress(in: Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped))
    }

    /// The pairs that `storage`'s key-path cache published last, if it has any entry yet (`keyPathPairs`, loaded
    /// from the node's address so that a getter can inline it).
    @inlinable @inline(__always)
    static func publishedPairs(of storage: Unmanaged<ScopeNode>) -> KeyPathPairs? {
        let words = storage._withUnsafeGuaranteedRef { _getUnsafePointerToStoredProperties($0) }
        let published = ambient_load_acquire(words.assumingMemoryBound(to: UInt.self) + keyPathPairsWord)
        return UnsafeMutablePointer<UInt>(bitPattern: published).map(KeyPathPairs.init(words:))
    }

    /// Records in the key-path cache `box` (`nil`: a getter that computes its value, run on every read) as what the
    /// key path or key type `identity` resolves to here, keeping `keyPath` alive.
    func cache(_ box: AnyBox?, for identity: ObjectIdentifier, keeping keyPath: (any AnyObject & Sendable)?) {
        let cache = keyPathValues.load() ?? keyPathValues.storeIfNil(KeyPathCache())
        cache.insert(box, for: identity, keeping: keyPath) { keyPathPairs.storeReleasing(UInt(bitPattern: $0)) }
    }
}

/// Values that `@Dependency` key paths resolved to in one scope, by the key path's identity, and defaults that reads
/// by key found the long way (rebuilt for an enclosing scope), by the key type's identity, which is never freed.
///
/// The cache keeps each key path it has an entry for alive, so that no other key path can take its address (and
/// so its identity) while the entry exists. Key paths with arguments (`\.[item: id]`) are new objects each time
/// they are written; the cache stops growing at ``capacity`` entries, and later key paths are simply not cached.
///
/// Reads probe the cache's ``KeyPathPairs`` inline, through the word its node publishes them in
/// (``ScopeNode/cachedValueAddress(in:forKeyPath:)``). `insert` is their one writer, under the cache's lock, and a
/// node has one cache, installed by a compare-and-swap whose loser never publishes, so they may grow
/// (``LockFreePairs/inserting(_:for:)``); the arrays they replace stay allocated until the cache is freed. A key's
/// value in one set of values never changes (its first creation's reads decide where its instance is), so an entry
/// stays valid as long as the cache.
final class KeyPathCache: Sendable {
    /// The most key paths one scope caches.
    static let capacity = 256

    private struct State: Sendable {
        var pairs = KeyPathPairs(capacity: 8)
        /// What the pairs point at, kept alive here: each key path with an entry, and each box.
        var kept: [any AnyObject & Sendable] = []
    }

    private let state = ConditionLock(State())

    deinit {
        state.withLock { $0.pairs.deallocate() }
    }

    /// Records `box` as what the key path or key type `identity` resolves to (`nil`: its getter computes its value),
    /// unless it has an entry already or the cache is full; keeps `keyPath`, the key path, alive; calls `publish` with
    /// the pairs to probe from now on.
    func insert(
        _ box: AnyBox?, for identity: ObjectIdentifier, keeping keyPath: (any AnyObject & Sendable)?,
        publish: (UnsafeMutablePointer<UInt>) -> Void
    ) {
        state.withLock { state in
            let key = UInt(bitPattern: identity)
            guard state.pairs.count < Self.capacity, state.pairs.value(for: key) == 0 else { return }
            if let keyPath { state.kept.append(keyPath) }
            if let box { state.kept.append(box) }
            let bits = box.map { UInt(bitPattern: Unmanaged.passUnretained($0).toOpaque()) } ?? KeyPathPairs.uncacheable
            state.pairs = state.pairs.inserting(bits, for: key)
            publish(state.pairs.words)
        }
    }
}

/// What `@Dependency` key paths resolved to in one scope, in the form that every getter probes inline, without a
/// call: each key path's identity, and the bits of its box (not retained: the cache holds it) or ``uncacheable``;
/// 0 for a key path with no pair.
@usableFromInline
typealias KeyPathPairs = LockFreePairs

extension KeyPathPairs {
    /// The box bits of a key path whose getter computes its value: never a valid object's address.
    @inlinable static var uncacheable: UInt { 1 }
}

/// Decides whether two values are the same value by comparing their bytes, for types that offer no `==`.
///
/// Two places use it to recognise a value they have already seen: `@Dependency`'s key-path cache (is what a getter
/// returned the key's value itself?) and a view's dependency modifier (is `.dependency(\.api, DemoAPI())`, evaluated
/// again on a re-render, the same change as last time?).
///
/// Why identical bytes mean the same value. A copyable Swift value is wholly held in its inline representation: its
/// stored properties inline, a class instance as a pointer to it, an indirect enum payload or an existential too
/// large for its inline buffer as a pointer to an immutable (copy-on-write) box. Nothing else belongs to the value.
/// So two values of one type whose bytes are equal are indistinguishable to any code: each property reads the same,
/// each reference is the same instance. Both values are alive while they are compared (the caller holds them), so
/// two different instances cannot have the same address. A type with no stored bytes (an empty struct) has one value
/// only. A type whose identity is its address (an atomic, a lock) is `~Copyable` and cannot reach a generic
/// parameter here.
///
/// The converse does not hold, and need not: equal values may have different bytes (two equal strings in two
/// buffers, two boxes holding equal payloads). The answer is then "different", and the callers only lose an
/// optimisation: the cache does not cache, the modifier applies its change again.
///
/// Padding is compared too. A copy of a plain-data value may carry whatever bytes its source had there (the address
/// sanitizer's builds show it), so two equal values with padding can compare different; that only costs the
/// optimisation, as above. Each value is copied into zeroed memory first, so at least the bytes a copy leaves
/// unwritten agree.
func isBitwiseIdentical<Value>(_ first: Value, _ second: Value) -> Bool {
    let size = MemoryLayout<Value>.size
    guard size > 0 else { return true }
    let buffers = (0..<2).map { _ in
        UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<Value>.alignment)
    }
    defer {
        for buffer in buffers { buffer.deallocate() }
    }
    for (buffer, value) in zip(buffers, [first, second]) {
        buffer.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        buffer.bindMemory(to: Value.self, capacity: 1).initialize(to: value)
    }
    defer {
        for buffer in buffers { buffer.assumingMemoryBound(to: Value.self).deinitialize(count: 1) }
    }
    return (0..<size).allSatisfy {
        buffers[0].load(fromByteOffset: $0, as: UInt8.self) == buffers[1].load(fromByteOffset: $0, as: UInt8.self)
    }
}

/// Whether two values known only as `Any` have the same dynamic type and the same bytes.
///
/// The values are opened and compared as their dynamic type, not as `Any` containers: a value stored in an existential
/// may sit in a box that each copy allocates anew, which would make every value look different.
func isBitwiseIdentical(opening first: Any, _ second: Any) -> Bool {
    guard type(of: first) == type(of: second) else { return false }
    func compare<Opened>(_ first: Opened) -> Bool {
        guard let second = second as? Opened else { return false }
        return isBitwiseIdentical(first, second)
    }
    // NB: passing an `Any` to a generic parameter opens it (SE-0352), so `Opened` is the dynamic type.
    return compare(first)
}

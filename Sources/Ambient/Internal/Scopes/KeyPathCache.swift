// A scope's key-path cache: the long read of a `@Dependency` key path that decides whether its value may be cached
// (a getter that returns one key's value as it is, unless caching it would make the scope hold what may hold it,
// `ScopeNode.mayCacheValue(of:)`); what key paths (and defaults found the long way) resolved to, kept by the cache
// under its lock; and the pairs every getter probes inline, without a lock.

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
        guard !storage.isRecording, storage.keyPathBits(id) != KeyPathPairs.uncacheable else {
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

extension DependencyKey {
    /// The key's value in `values`, if its type is `Requested`.
    fileprivate static func value<Requested>(in values: DependencyValues, as _: Requested.Type) -> Requested? {
        guard Value.self == Requested.self else { return nil }
        return values[Self.self] as? Requested
    }
}

extension ScopeNode {
    /// Where the value a `@Dependency` key path resolved to in `storage` is, if it was cached, as
    /// ``createdValue(for:)`` answers: in its box; 0 if it was not. The probe that every getter inlines
    /// (``KeyPathPairs``).
    @inlinable @inline(__always)
    static func cachedValueAddress(in storage: Unmanaged<ScopeNode>, forKeyPath keyPath: ObjectIdentifier) -> UInt {
        guard let bits = publishedPairs(of: storage)?.boxBits(for: keyPath), bits > KeyPathPairs.uncacheable else {
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

    /// The bits the pairs hold for `keyPath` (``KeyPathPairs/boxBits(for:)``): 0 for none.
    func keyPathBits(_ keyPath: ObjectIdentifier) -> UInt {
        Self.publishedPairs(of: .passUnretained(self))?.boxBits(for: keyPath) ?? 0
    }

    /// The value a `@Dependency` key path resolved to in these values, if the pairs hold it (for tests). Not
    /// retained.
    func cachedValue(forKeyPath keyPath: ObjectIdentifier) -> Unmanaged<AnyBox>? {
        let bits = keyPathBits(keyPath)
        guard bits > KeyPathPairs.uncacheable else { return nil }
        return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
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
/// (``ScopeNode/cachedValueAddress(in:forKeyPath:)``). Every insert takes the cache's lock: `insert` is the one
/// writer of the pairs (`KeyPathPairs.insertNew` and `forEachPair` are called nowhere else), and a node has one
/// cache, installed by a compare-and-swap whose loser never publishes, so the pairs have one writer at a time, as
/// `KeyPathPairs` requires. When they would be more than half full they are copied into an array twice the size,
/// which is published in their place. The arrays replaced stay allocated, for readers that may still be probing them,
/// until the cache is freed: they add up to less than the last one. A key's value in one set of values never
/// changes (its first creation's reads decide where its instance is), so an entry stays valid as long as the cache.
final class KeyPathCache: Sendable {
    /// The most key paths one scope caches.
    static let capacity = 256

    private struct State: Sendable {
        var pairs = KeyPathPairs(capacity: 8)
        /// What the pairs point at, kept alive here: each key path with an entry, and each box.
        var kept: [any AnyObject & Sendable] = []
        /// How many entries the pairs hold.
        var count = 0
        /// Arrays that larger ones replaced.
        var replaced: [KeyPathPairs] = []
    }

    private let state = ConditionLock(State())

    deinit {
        state.withLock { state in
            for pairs in state.replaced + [state.pairs] { pairs.deallocate() }
        }
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
            guard state.count < Self.capacity, state.pairs.boxBits(for: identity) == 0 else { return }
            state.count += 1
            if state.count * 2 > state.pairs.capacity {
                let larger = KeyPathPairs(capacity: state.pairs.capacity * 2)
                state.pairs.forEachPair { larger.insertNew($1, forKey: $0) }
                state.replaced.append(state.pairs)
                state.pairs = larger
            }
            if let keyPath { state.kept.append(keyPath) }
            if let box { state.kept.append(box) }
            let bits = box.map { UInt(bitPattern: Unmanaged.passUnretained($0).toOpaque()) } ?? KeyPathPairs.uncacheable
            state.pairs.insertNew(bits, forKey: key)
            publish(state.pairs.words)
        }
    }
}

/// An open-addressed array of (key path identity, box) pairs: what `@Dependency` key paths resolved to in one
/// scope, in the form that every getter probes inline, without a call.
///
/// Word 0 holds the hash's shift and word 1 the mask of the pair index (words 2 and 3 are unused, so that pairs stay
/// 16-byte aligned); pair `i` is words `4 + 2i` (the key path's
/// identity, 0 while free) and `5 + 2i` (the bits of its box, or ``uncacheable``). The header is written before the
/// array is published (with a releasing store, which readers load with an acquiring one) and never changes. A pair
/// is filled once, by the one writer its ``KeyPathCache`` admits at a time: box first, then the identity with a
/// releasing store; a reader that finds the identity with an acquiring load therefore finds the box stored with it.
/// The array is at most half full, so a probe ends at a free pair. Boxes are not retained here: the cache holds them.
@usableFromInline
struct KeyPathPairs: @unchecked Sendable {
    // Safe: the header is immutable once published, and every pair word is read and written only atomically.

    @usableFromInline let words: UnsafeMutablePointer<UInt>

    /// The box bits of a key path whose getter computes its value: never a valid object's address.
    @inlinable static var uncacheable: UInt { 1 }

    /// The words before the first pair.
    @inlinable static var headerWords: Int { 4 }

    /// An empty array of `capacity` pairs (a power of two).
    init(capacity: Int) {
        precondition(capacity > 1 && capacity.nonzeroBitCount == 1)
        let count = Self.headerWords + 2 * capacity
        words = .allocate(capacity: count)
        words.initialize(repeating: 0, count: count)
        words[0] = UInt(slotShift(forCapacity: capacity))
        words[1] = UInt(capacity - 1)
    }

    /// The pairs at `words`, as published.
    @inlinable
    init(words: UnsafeMutablePointer<UInt>) {
        self.words = words
    }

    var capacity: Int { Int(words[1]) + 1 }

    /// The box bits stored for `keyPath`: 0 if it has no pair, ``uncacheable`` if its getter computes its value.
    @inlinable @inline(__always)
    func boxBits(for keyPath: ObjectIdentifier) -> UInt {
        let wanted = UInt(bitPattern: keyPath)
        let mask = Int(bitPattern: words[1])
        var index = firstIndex(ofKey: wanted)
        while true {
            let pair = words + (Self.headerWords &+ 2 &* index)
            let found = ambient_load_acquire(pair)
            if found == wanted { return ambient_load_relaxed(pair + 1) }
            if found == 0 { return 0 }
            index = (index &+ 1) & mask
        }
    }

    /// The pair a probe for the key path whose identity has bits `key` starts at (``slotIndex(ofBits:shift:)``).
    @inlinable @inline(__always)
    func firstIndex(ofKey key: UInt) -> Int {
        slotIndex(ofBits: key, shift: words[0])
    }

    /// Fills a free pair with the key path whose identity has bits `key`, and `bits`; the key path must have none.
    /// Single writer only.
    func insertNew(_ bits: UInt, forKey key: UInt) {
        var index = firstIndex(ofKey: key)
        while ambient_load_relaxed(words + Self.headerWords + 2 * index) != 0 {
            index = (index + 1) & Int(words[1])
        }
        ambient_store_relaxed(words + Self.headerWords + 1 + 2 * index, bits)
        ambient_store_release(words + Self.headerWords + 2 * index, key)
    }

    /// Calls `body` with the bits of every filled pair's identity and box. Single writer only.
    func forEachPair(_ body: (_ key: UInt, _ bits: UInt) -> Void) {
        for index in 0..<capacity {
            let key = ambient_load_relaxed(words + Self.headerWords + 2 * index)
            if key != 0 { body(key, ambient_load_relaxed(words + Self.headerWords + 1 + 2 * index)) }
        }
    }

    func deallocate() {
        words.deallocate()
    }
}

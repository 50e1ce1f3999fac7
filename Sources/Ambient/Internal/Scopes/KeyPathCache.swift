// A scope's key-path cache: what `@Dependency` key paths (and defaults found the long way) resolved to in it, kept
// by the cache under its lock, and the pairs every getter probes inline, without a lock.

public import AmbientAtomics

/// Values that `@Dependency` key paths resolved to in one scope, by the key path's identity, and defaults that reads
/// by key found the long way (rebuilt for an enclosing scope), by the key type's identity, which is never freed.
///
/// The cache keeps each key path it has an entry for alive, so that no other key path can take its address (and
/// so its identity) while the entry exists. Key paths with arguments (`\.[item: id]`) are new objects each time
/// they are written; the cache stops growing at ``capacity`` entries, and later key paths are simply not cached.
///
/// Reads probe the cache's ``KeyPathPairs`` inline, through the word its node publishes them in
/// (``ScopeNode/cachedValueAddress(in:forKeyPath:)``). Inserts take the cache's lock; when the pairs would be more than
/// half full they are copied into an array twice the size, which is published in their place. The arrays replaced
/// stay allocated, for readers that may still be probing them, until the cache is freed: they add up to less than the
/// last one. A key's value in one set of values never changes (its first creation's reads decide for good where its
/// instance is), so an entry stays valid as long as the cache.
final class KeyPathCache: Sendable {
    /// The most key paths one scope caches.
    static let capacity = 256

    private struct State: Sendable {
        var pairs = KeyPathPairs(capacity: 8)
        /// What the pairs point at, kept alive here: each key path with an entry (so as many as there are
        /// entries), and each box.
        var keyPaths: [any AnyObject & Sendable] = []
        var boxes: [AnyBox] = []
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
            if let keyPath { state.keyPaths.append(keyPath) }
            if let box { state.boxes.append(box) }
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

    /// How many words an array of `capacity` pairs takes.
    static func words(forCapacity capacity: Int) -> Int {
        headerWords + 2 * capacity
    }

    /// An empty array of `capacity` pairs (a power of two).
    init(capacity: Int) {
        precondition(capacity > 1 && capacity.nonzeroBitCount == 1)
        let count = Self.words(forCapacity: capacity)
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

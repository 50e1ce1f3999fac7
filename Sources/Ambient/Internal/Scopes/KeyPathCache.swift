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

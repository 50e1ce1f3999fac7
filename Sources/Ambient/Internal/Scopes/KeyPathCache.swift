/// Values that `@Dependency` key paths resolved to in one scope, by the key path's identity.
///
/// The cache keeps each key path it has an entry for alive, so that no other key path can take its address (and
/// so its identity) while the entry exists. Key paths with arguments (`\.[item: id]`) are new objects each time
/// they are written; the cache stops growing at ``capacity`` entries, and later key paths are simply not cached.
///
/// Reads probe the cache's ``KeyPathPairs`` inline, through the word its node publishes them in
/// (``Storage/cachedValueAddress(in:forKeyPath:)``). Inserts take the cache's lock; when the pairs would be more than
/// half full they are copied into an array twice the size, which is published in their place. The arrays replaced
/// stay allocated, for readers that may still be probing them, until the cache is freed: within one generation they
/// add up to less than the last one.
///
/// The pairs are valid at one ``ReadsGeneration``: a key whose reads grew since may now be rebuilt for a scope that
/// overrides one of the new ones, so a reader that finds the pairs older than the current generation takes the long
/// read, whose insert starts an empty array at the new generation. What the old arrays point at stays alive with
/// them. The generation is the process's, so a scope that lives long in a process that makes many roots (a test
/// process: one root per test) can see a new one again and again, and each would keep another array and another
/// copy of every entry. A cache that keeps ``keptWordsLimit`` words starts no new generation: it caches nothing
/// more, and its scope reads every key path the long way, so that what it keeps stays bounded.
final class KeyPathCache: Sendable {
    /// The most key paths one scope caches.
    static let capacity = 256
    /// How many words of pairs (``KeyPathPairs/words(forCapacity:)``) and references to key paths and boxes a cache
    /// keeps before it stops starting new generations: a dozen generations of a full cache, over a thousand of
    /// one with a single entry.
    static let keptWordsLimit = 1 << 15

    private struct State: Sendable {
        var pairs: KeyPathPairs
        /// What the pairs point at, kept alive here: each key path with an entry (so as many as there are
        /// entries), and each box.
        var keyPaths: [any AnyObject & Sendable] = []
        var boxes: [AnyBox] = []
        /// Arrays that larger or newer ones replaced.
        var replaced: [KeyPathPairs] = []
        /// What the arrays of earlier generations pointed at, kept alive for the readers still probing them.
        var retired: [any AnyObject & Sendable] = []
        /// The words of the arrays kept (`pairs` and `replaced`), and one per reference kept (`keyPaths`, `boxes`,
        /// `retired`).
        ///
        /// NB: counted when asked, which is when a new generation would start: inserts keep nothing more for it.
        var keptWords: Int {
            replaced.reduce(KeyPathPairs.words(forCapacity: pairs.capacity)) {
                $0 + KeyPathPairs.words(forCapacity: $1.capacity)
            } + keyPaths.count + boxes.count + retired.count
        }
    }

    private let state: ConditionLock<State>

    /// How many words of pairs and references the cache keeps, for the pairs published and the ones they replaced
    /// (for tests).
    var keptWords: Int { state.withLock { $0.keptWords } }

    /// An empty cache, valid at `generation`.
    init(generation: UInt) {
        state = ConditionLock(State(pairs: KeyPathPairs(capacity: 8, generation: generation)))
    }

    deinit {
        state.withLock { state in
            for pairs in state.replaced + [state.pairs] { pairs.deallocate() }
        }
    }

    /// Records `box` as what `keyPath` resolves to (`nil`: its getter computes its value), resolved at
    /// `generation`, unless the key path has an entry already, the cache is full, the pairs are of a later
    /// generation, or they are of an earlier one and the cache keeps ``keptWordsLimit`` words already; calls
    /// `publish` with the pairs to probe from now on.
    ///
    /// Pairs of an earlier generation are replaced by empty ones of `generation` first. Readers compare the pairs'
    /// generation with the current one, so a value resolved in a generation that has already ended is never read.
    func insert(
        _ box: AnyBox?, for keyPath: any AnyObject & Sendable, resolvedAt generation: UInt,
        publish: (UnsafeMutablePointer<UInt>) -> Void
    ) {
        state.withLock { state in
            guard generation >= state.pairs.generation else { return }
            if state.pairs.generation != generation {
                // What every generation keeps stays until the cache is freed: past the limit, start no more.
                guard state.keptWords < Self.keptWordsLimit else { return }
                // Everything cached so far may have moved: start again, keeping it alive for readers.
                state.replaced.append(state.pairs)
                state.retired += state.keyPaths + state.boxes as [any AnyObject & Sendable]
                state.pairs = KeyPathPairs(capacity: 8, generation: generation)
                state.keyPaths = []
                state.boxes = []
            }
            let key = UInt(bitPattern: ObjectIdentifier(keyPath))
            guard state.keyPaths.count < Self.capacity, state.pairs.boxBits(for: ObjectIdentifier(keyPath)) == 0 else {
                return
            }
            if (state.keyPaths.count + 1) * 2 > state.pairs.capacity {
                let larger = KeyPathPairs(capacity: state.pairs.capacity * 2, generation: generation)
                state.pairs.forEachPair { larger.insertNew($1, forKey: $0) }
                state.replaced.append(state.pairs)
                state.pairs = larger
            }
            state.keyPaths.append(keyPath)
            if let box { state.boxes.append(box) }
            let bits = box.map { UInt(bitPattern: Unmanaged.passUnretained($0).toOpaque()) } ?? KeyPathPairs.uncacheable
            state.pairs.insertNew(bits, forKey: key)
            publish(state.pairs.words)
        }
    }
}

import Dispatch
import Testing

@testable import Ambient

extension DependencyValues {
    /// `BaseNumberKey`'s value, under a key path that is a new object for every `index`: so many key paths that
    /// several share a pair of the cache's first level.
    subscript(plain index: Int) -> Int { self[BaseNumberKey.self] }
    /// `ServiceKey`'s value under a key path made at run time.
    subscript(serviceAt index: Int) -> Service { self[ServiceKey.self] }
    /// `BaseNumberKey`'s value for an even `index`, `PureKey`'s for an odd one: a plain accessor of one key, but of
    /// another key from one argument to the next.
    subscript(parity index: Int) -> Int { index.isMultiple(of: 2) ? self[BaseNumberKey.self] : self[PureKey.self] }
}

/// A struct owner of a key path it is given.
struct ServiceReader: Sendable {
    @Dependency var service: Service

    init(_ keyPath: any KeyPath<DependencyValues, Service> & Sendable) {
        _service = Dependency(keyPath)
    }
}

/// A class owner of one key path built at run time.
final class IndexedOwner: @unchecked Sendable {
    // Safe: the only stored property is a `@Dependency`, written in `init` and only read afterwards.
    @Dependency var number: Int

    init(_ index: Int) {
        _number = Dependency(\.[plain: index])
    }
}

/// A class owner of `\.[parity: index]`, made at run time.
final class ParityOwner: @unchecked Sendable {
    // Safe: the stored properties are `let`s and a `@Dependency`, written in `init` and only read afterwards.
    @Dependency var number: Int
    let index: Int

    init(_ index: Int) {
        self.index = index
        _number = Dependency(\.[parity: index])
    }
}

/// A token whose identity stands for a key path's in the cache.
private final class Token: Sendable {}

/// The pairs that `@Dependency` reads probe answer only for the key paths they hold, through every growth, and a
/// scope full of key paths still reads each one's own value.
@Suite struct KeyPathPairsTests {
    /// Inserts a box for each of `tokens` (`nil` for a computing getter) and returns the pairs published last.
    private func pairs(of cache: KeyPathCache, holding tokens: [Token], box: (Int) -> AnyBox?) -> KeyPathPairs {
        var published: UnsafeMutablePointer<UInt>?
        for (index, token) in tokens.enumerated() {
            cache.insert(box(index), for: ObjectIdentifier(token), keeping: token) { published = $0 }
        }
        return KeyPathPairs(words: published!)
    }

    @Test func pairsAnswerOnlyForTheKeyPathsTheyHoldThroughEveryGrowth() {
        let cache = KeyPathCache()
        let tokens = (0..<200).map { _ in Token() }
        let pairs = pairs(of: cache, holding: tokens) { Box($0) }
        // Eight pairs at first, doubled whenever they would be more than half full.
        #expect(pairs.capacity == 512)
        for (index, token) in tokens.enumerated() {
            let bits = pairs.value(for: UInt(bitPattern: ObjectIdentifier(token)))
            #expect(
                Unmanaged<AnyBox>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue()
                    .unbox(as: Int.self) == index)
        }
        #expect(pairs.value(for: UInt(bitPattern: ObjectIdentifier(Token()))) == 0)
    }

    @Test func aComputingGetterIsMarkedAndHasNoBox() {
        let cache = KeyPathCache()
        let token = Token()
        let pairs = pairs(of: cache, holding: [token]) { _ in nil }
        #expect(pairs.value(for: UInt(bitPattern: ObjectIdentifier(token))) == KeyPathPairs.uncacheable)
    }

    @Test func aCacheStopsAtItsCapacity() {
        let cache = KeyPathCache()
        let tokens = (0..<(KeyPathCache.capacity + 10)).map { _ in Token() }
        let pairs = pairs(of: cache, holding: tokens) { Box($0) }
        let held = tokens.filter { pairs.value(for: UInt(bitPattern: ObjectIdentifier($0))) != 0 }
        #expect(held.count == KeyPathCache.capacity)
    }

    @Test func aScopeFreesTheValuesAndKeyPathsItCachedWhenItEnds() {
        weak var service: Service?
        weak var keyPath: AnyKeyPath?
        withFreshRoot {
            let override = Service("scoped")
            service = override
            withDependencies {
                $0[ServiceKey.self] = override
            } operation: {
                let path: any KeyPath<DependencyValues, Service> & Sendable = \.[serviceAt: 3]
                keyPath = path
                let reader = ServiceReader(path)
                #expect(reader.service === override)
                // The second read comes from the scope's pairs.
                #expect(DependencyValues.current.storage.cachedBits(ObjectIdentifier(path)) > KeyPathPairs.uncacheable)
                #expect(reader.service === override)
            }
        }
        #expect(service == nil)
        #expect(keyPath == nil)
    }

    @Test func manyKeyPathsReadTheirScopesValueOnEveryRead() {
        withFreshRoot {
            let (outer, inner) = withDependencies {
                $0[BaseNumberKey.self] = 7
            } operation: {
                let outer = (0..<48).map(IndexedOwner.init)
                let inner = withDependencies {
                    $0[BaseNumberKey.self] = 8
                } operation: {
                    (0..<48).map(IndexedOwner.init)
                }
                return (outer, inner)
            }
            for _ in 0..<3 {
                #expect(outer.allSatisfy { $0.number == 7 })
                #expect(inner.allSatisfy { $0.number == 8 })
            }
            #expect(IndexedOwner(0).number == 10)
        }
    }

    /// Past its capacity a scope caches no more key paths : each one
    /// is resolved again on every read and must still read its own key, also when a new key path takes the address
    /// of one that was freed uncached.
    @Test func keyPathsPastTheCapacityReadTheirOwnKeyOnEveryRead() {
        withFreshRoot {
            withDependencies {
                $0[BaseNumberKey.self] = 2
                $0[PureKey.self] = 3
            } operation: {
                var kept = (0..<KeyPathCache.capacity).map(ParityOwner.init)
                #expect(kept.allSatisfy { $0.number == ($0.index.isMultiple(of: 2) ? 2 : 3) })
                for round in 0..<3 {
                    // Odd rounds start at an odd index: a freed key path's address may come back with the other key.
                    let later = (0..<64).map { ParityOwner(KeyPathCache.capacity + round + 2 * $0) }
                    for _ in 0..<3 {
                        #expect(later.allSatisfy { $0.number == ($0.index.isMultiple(of: 2) ? 2 : 3) })
                    }
                }
                kept.removeAll()
                #expect(ParityOwner(1).number == 3)
                // A constant key path read first once the cache is full.
                #expect(ServiceReader(\.service).service.name == "testing")
            }
        }
    }

    @Test func threadsReadingFreshOwnersAllSeeTheirScope() {
        for round in 0..<20 {
            withFreshRoot {
                withDependencies {
                    $0[BaseNumberKey.self] = round
                } operation: {
                    let owners = (0..<32).map(IndexedOwner.init)
                    let wrong = Counter()
                    // NB: real threads, all making their first reads at once, so first-level fills race with reads.
                    DispatchQueue.concurrentPerform(iterations: 4) { _ in
                        for _ in 0..<4 {
                            for owner in owners.shuffled() where owner.number != round { _ = wrong.increment() }
                        }
                    }
                    #expect(wrong.value == 0)
                }
            }
        }
    }
}

extension ScopeNode {
    /// The bits this node's key-path cache holds for `identity`, as the read path probes them: 0 for none.
    func cachedBits(_ identity: ObjectIdentifier) -> UInt {
        Self.publishedPairs(of: .passUnretained(self))?.value(for: UInt(bitPattern: identity)) ?? 0
    }
}

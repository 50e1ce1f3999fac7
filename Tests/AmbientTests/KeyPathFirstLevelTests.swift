import Dispatch
import Testing

@testable import Ambient

extension DependencyValues {
    /// `BaseNumberKey`'s value, under a key path that is a new object for every `index`: so many key paths that
    /// several share a pair of the cache's first level.
    subscript(plain index: Int) -> Int { self[BaseNumberKey.self] }
}

/// A class owner of one key path built at run time.
final class IndexedOwner: @unchecked Sendable {
    // Safe: the only stored property is a `@Dependency`, written in `init` and only read afterwards.
    @Dependency var number: Int

    init(_ index: Int) {
        _number = Dependency(\.[plain: index])
    }
}

/// A token whose identity stands for a key path's in the cache.
private final class Token: Sendable {}

/// The first level of the key-path cache answers only for the key path whose pair it holds, and a key path whose
/// pair another one took is still found, in the table.
@Suite struct KeyPathFirstLevelTests {
    @Test func firstLevelAnswersOnlyForTheKeyPathItHolds() {
        let cache = KeyPathCache()
        let tokens = (0..<64).map { _ in Token() }
        for (index, token) in tokens.enumerated() { cache.insert(Box(index), for: token) }
        var inFirstLevel = 0
        for (index, token) in tokens.enumerated() {
            let id = ObjectIdentifier(token)
            if let box = KeyPathCacheFirstLevel.value(in: .passUnretained(cache), for: id) {
                inFirstLevel += 1
                #expect(box.takeUnretainedValue().unbox(as: Int.self) == index)
            }
            #expect(cache.cachedValue(for: id)?.takeUnretainedValue().unbox(as: Int.self) == index)
        }
        // Sixty-four key paths on sixteen pairs: the first key path on each pair holds it, the rest are in the table.
        let pairs = Set(tokens.map { KeyPathCacheFirstLevel.pair(of: ObjectIdentifier($0)) })
        #expect(inFirstLevel == pairs.count)
        #expect(inFirstLevel < tokens.count)
        let stranger = Token()
        #expect(KeyPathCacheFirstLevel.value(in: .passUnretained(cache), for: ObjectIdentifier(stranger)) == nil)
        #expect(cache.cachedValue(for: ObjectIdentifier(stranger)) == nil)
    }

    @Test func aComputedKeyPathNeverEntersTheFirstLevel() {
        let cache = KeyPathCache()
        let token = Token()
        cache.insert(cache.uncacheable, for: token)
        #expect(KeyPathCacheFirstLevel.value(in: .passUnretained(cache), for: ObjectIdentifier(token)) == nil)
        #expect(cache.isUncacheable(ObjectIdentifier(token)))
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

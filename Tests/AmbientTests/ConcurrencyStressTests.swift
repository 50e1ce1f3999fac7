import Dispatch
import Testing

@testable import Ambient

/// Many threads on a cold cache, on scopes, on captured values: run again under the thread sanitizer in CI.
@Suite struct ConcurrencyStressTests {
    /// Keys distinct from every other test's, so that creation counts are exact.
    enum CountedKey: DependencyKey {
        static let creations = Counter()
        static var defaultValue: Service { Service("counted", serial: creations.increment()) }
        static var testingValue: Service { defaultValue }
    }

    @Test func manyThreadsRacingOnFirstReadsOfManyRootsCreateOneInstanceEach() {
        let roots = 200
        let before = CountedKey.creations.value
        for _ in 0..<roots {
            let values = withFreshRoot { DependencyValues.current }
            let seen = ConditionLock<Set<ObjectIdentifier>>([])
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                let service = values[CountedKey.self]
                seen.withLock { _ = $0.insert(ObjectIdentifier(service)) }
            }
            #expect(seen.withLock { $0.count } == 1)
        }
        #expect(CountedKey.creations.value - before == roots)
    }

    @Test func transitiveDefaultsRaceToOneInstancePerScope() {
        for _ in 0..<100 {
            let (root, scoped) = withFreshRoot {
                (
                    DependencyValues.current,
                    withDependencies {
                        $0.service = Service("stub")
                    } operation: {
                        DependencyValues.current
                    }
                )
            }
            let seen = ConditionLock<[String: Set<ObjectIdentifier>]>([:])
            DispatchQueue.concurrentPerform(iterations: 8) { index in
                let values = index.isMultiple(of: 2) ? root : scoped
                let analytics = values.analytics
                seen.withLock { _ = $0[analytics.service.name, default: []].insert(ObjectIdentifier(analytics)) }
            }
            #expect(seen.withLock { $0["testing"]?.count } == 1)
            #expect(seen.withLock { $0["stub"]?.count } == 1)
        }
    }

    @Test func concurrentScopesEachSeeTheirOwnOverrides() async {
        await withFreshRoot {
            await withTaskGroup(of: Bool.self) { group in
                for index in 0..<200 {
                    group.addTask {
                        withDependencies {
                            $0.liveOnly = "task \(index)"
                        } operation: {
                            (0..<20).allSatisfy { _ in DependencyValues.current.liveOnly == "task \(index)" }
                        }
                    }
                }
                for await isolated in group {
                    #expect(isolated)
                }
            }
        }
    }

    @Test func readsOfCreatedValuesFromManyThreadsAgree() {
        let values = withFreshRoot {
            withDependencies {
                $0.liveOnly = "shared"
            } operation: {
                DependencyValues.current
            }
        }
        let expected = values.service
        let mismatches = Counter()
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            for _ in 0..<1_000 where values.service !== expected || values.liveOnly != "shared" {
                _ = mismatches.increment()
            }
        }
        #expect(mismatches.value == 0)
    }

    @Test func tableGrowthWhileReadersProbeLosesNothing() {
        let table = LockFreeTable<Service>()
        let owners = (0..<256).map { Service("owner \($0)") }  // alive for the whole test: identities stay unique
        let keys = owners.map { UInt(bitPattern: ObjectIdentifier($0)) }
        let done = ConditionLock(false)
        let wrong = Counter()
        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            if worker == 0 {
                for (index, key) in keys.enumerated() { table.insert(Service("\(index)"), for: key) }
                done.withLock { $0 = true }
            } else {
                while !done.withLock({ $0 }) {
                    for (index, key) in keys.enumerated() {
                        if let found = table.find(key), found.name != "\(index)" { _ = wrong.increment() }
                    }
                }
            }
        }
        #expect(wrong.value == 0)
        #expect(keys.enumerated().allSatisfy { table.find($1)?.name == "\($0)" })
        withExtendedLifetime(owners) {}
    }

    /// A default built from the service: counted, so that a third creation in a round shows.
    enum DerivedKey: DependencyKey {
        static let creations = Counter()
        static var defaultValue: Analytics { make() }
        static var testingValue: Analytics { make() }
        private static func make() -> Analytics {
            Analytics(service: DependencyValues.current.service, serial: creations.increment())
        }
    }

    /// Semantics: overrides reach derived defaults. Sixteen threads read a default in the root and sixteen in a scope
    /// that overrides what it is built from, all at once: it is created exactly twice, once for each, in every round.
    @Test func rootAndScopeRacingOnADerivedDefaultCreateItExactlyTwiceEveryRound() {
        let threads = RacingThreads(count: 32)
        defer { threads.stop() }
        var extraCreations = 0
        var wrongValues = 0
        for _ in 0..<2_000 {
            let root = DependencyValues._freshRoot(context: .testing)
            let scoped = withDependencies(root) {
                withDependencies {
                    $0.service = Service("stub")
                } operation: {
                    DependencyValues.current
                }
            }
            let before = DerivedKey.creations.value
            let wrong = Counter()
            threads.race { index in
                let values = index < 16 ? root : scoped
                let expected = index < 16 ? "testing" : "stub"
                if values[DerivedKey.self].service.name != expected { _ = wrong.increment() }
            }
            extraCreations += DerivedKey.creations.value - before - 2
            wrongValues += wrong.value
        }
        #expect(extraCreations == 0)
        #expect(wrongValues == 0)
    }
}

import Dispatch
import Testing

@testable import Ambient

@Suite struct DefaultCacheTests {
    @Test func defaultIsCreatedOnFirstReadAndReturnedAfterwards() {
        withFreshRoot {
            let first = DependencyValues.current.service
            let second = DependencyValues.current.service
            #expect(first === second)
            #expect(first.name == "testing")
        }
    }

    @Test func eachRootCreatesItsOwnInstance() {
        let first = withFreshRoot { DependencyValues.current.service }
        let second = withFreshRoot { DependencyValues.current.service }
        #expect(first !== second)
    }

    @Test func eachContextOfARootHasItsOwnInstance() {
        withFreshRoot(.default) {
            let live = DependencyValues.current.service
            let preview = withDependencies {
                $0.context = .preview
            } operation: {
                DependencyValues.current.service
            }
            let previewAgain = withDependencies {
                $0.context = .preview
            } operation: {
                DependencyValues.current.service
            }
            #expect(live.name == "live")
            #expect(preview.name == "preview")
            #expect(preview === previewAgain)
        }
    }

    @Test func storeKeptInADependencyKeepsItsState() {
        withFreshRoot {
            DependencyValues.current.store.add("milk")
            withDependencies {
                $0.liveOnly = "unrelated"
            } operation: {
                DependencyValues.current.store.add("eggs")
            }
            #expect(DependencyValues.current.store.all == ["milk", "eggs"])
        }
    }

    @Test func scopesThatOverrideOtherKeysShareTheRootInstance() {
        withFreshRoot {
            let outer = DependencyValues.current.service
            let inner = withDependencies {
                $0.liveOnly = "x"
            } operation: {
                DependencyValues.current.service
            }
            #expect(outer === inner)
        }
    }

    @Test func defaultCanBeBuiltFromOtherDependencies() {
        withFreshRoot {
            let analytics = DependencyValues.current.analytics
            #expect(analytics.service === DependencyValues.current.service)
        }
    }

    @Test func currentValuesDuringCreationAreTheValuesReadFrom() {
        withFreshRoot {
            let reporter = DependencyValues.current.reporter
            #expect(reporter.service === DependencyValues.current.service)
        }
    }

    @Test func valuesCreatedWithInitShareTheCurrentRoot() {
        withFreshRoot {
            #expect(DependencyValues().service === DependencyValues.current.service)
        }
    }

    @Test(arguments: 0..<20)
    func concurrentFirstReadsCreateExactlyOneInstance(round: Int) async {
        let values = withFreshRoot { DependencyValues.current }
        let instances = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<32 {
                group.addTask { ObjectIdentifier(values.service) }
            }
            return await Set(group.reduce(into: []) { $0.append($1) })
        }
        #expect(instances.count == 1)
    }

    @Test func concurrentFirstReadsFromThreadsCreateExactlyOneInstance() {
        for _ in 0..<20 {
            let values = withFreshRoot { DependencyValues.current }
            let seen = ConditionLock<Set<ObjectIdentifier>>([])
            DispatchQueue.concurrentPerform(iterations: 16) { _ in
                let id = ObjectIdentifier(values.analytics)
                seen.withLock { _ = $0.insert(id) }
            }
            #expect(seen.withLock { $0.count } == 1)
        }
    }
}

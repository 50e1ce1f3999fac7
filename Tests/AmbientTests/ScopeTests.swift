import Dispatch
import Testing

@testable import Ambient

/// A non-view owner of `@Dependency` properties.
struct ReportBuilder: Sendable {
    @Dependency(\.service) var service
    @Dependency(Greeter.self) var greeter
}

@MainActor final class MainActorModel {
    @Dependency(\.service) var service
}

@Suite struct ScopeTests {
    @Test func dependencyPropertyKeepsTheScopeItsOwnerWasCreatedIn() {
        withFreshRoot {
            let builder = withDependencies {
                $0.service = Service("creation scope")
                $0[Greeter.self] = Greeter(greeting: "Hi")
            } operation: {
                ReportBuilder()
            }
            withDependencies {
                $0.service = Service("calling scope")
            } operation: {
                #expect(builder.service.name == "creation scope")
                #expect(builder.greeter.greeting == "Hi")
            }
            #expect(builder.service.name == "creation scope")
        }
    }

    @Test func dependencyPropertyAgreesWithCurrentValuesAtCreation() {
        withFreshRoot {
            let builder = ReportBuilder()
            #expect(builder.service === DependencyValues.current.service)
            #expect(builder.greeter.greeting == "Test hello")
        }
    }

    @Test func asyncScopeOverridesAndRestores() async {
        await withFreshRoot {
            let name = await withDependencies {
                $0.service = Service("async")
            } operation: {
                await Task.yield()
                return DependencyValues.current.service.name
            }
            #expect(name == "async")
            #expect(DependencyValues.current.service.name == "testing")
        }
    }

    @MainActor @Test func asyncScopeKeepsTheCallersActor() async {
        await withDependencies {
            $0.service = Service("main")
        } operation: {
            await Task.yield()
            MainActor.assertIsolated()
            let model = MainActorModel()
            #expect(model.service.name == "main")
        }
    }

    @Test func childTaskInheritsTheScope() async {
        await withFreshRoot {
            await withDependencies {
                $0.service = Service("parent")
            } operation: {
                let inherited = await Task { DependencyValues.current.service.name }.value
                let grouped = await withTaskGroup(of: String.self) { group in
                    group.addTask { DependencyValues.current.service.name }
                    return await group.next() ?? ""
                }
                #expect(inherited == "parent")
                #expect(grouped == "parent")
            }
        }
    }

    @Test func detachedTaskDoesNotInheritTheScope() async {
        await withFreshRoot {
            await withDependencies {
                $0.service = Service("parent")
            } operation: {
                // NB: the description, not a read of the key: a read outside every test's values is reported.
                let detached = await Task.detached { DependencyValues.current.description }.value
                #expect(DependencyValues.current.description.contains("parent"))
                #expect(!detached.contains("parent"))
            }
        }
    }

    @Test func capturedValuesCanBeReenteredFromADispatchQueue() async {
        let captured = withFreshRoot {
            withDependencies {
                $0.service = Service("captured")
            } operation: {
                DependencyValues.current
            }
        }
        let names = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                // NB: the description, not a read of the key: a read outside every test's values is reported.
                let outside = DependencyValues.current.description
                let inside = withDependencies(captured) { DependencyValues.current.service.name }
                continuation.resume(returning: (outside, inside))
            }
        }
        #expect(!names.0.contains("captured"))
        #expect(names.1 == "captured")
    }

    @Test func capturedValuesCanBeReenteredFromADetachedTask() async {
        let captured = withFreshRoot {
            withDependencies {
                $0.service = Service("captured")
            } operation: {
                DependencyValues.current
            }
        }
        let name = await Task.detached {
            await withDependencies(captured) {
                await Task.yield()
                return DependencyValues.current.service.name
            }
        }.value
        #expect(name == "captured")
    }

    @Test func updateClosureStartsFromTheCurrentValues() {
        withFreshRoot {
            withDependencies {
                $0.liveOnly = "outer"
            } operation: {
                withDependencies {
                    #expect($0.liveOnly == "outer")
                    $0.service = Service("inner")
                } operation: {
                    #expect(DependencyValues.current.liveOnly == "outer")
                }
            }
        }
    }

    @Test func scopeThatSetsNothingRunsInTheOuterValuesThemselves() {
        withFreshRoot {
            withDependencies {
                $0.service = Service("outer")
            } operation: {
                let outer = DependencyValues.current
                withDependencies { _ in
                } operation: {
                    #expect(DependencyValues.current.storage === outer.storage)
                }
            }
        }
    }

    @Test func updateThatReplacesTheValuesRunsInTheReplacement() {
        withFreshRoot {
            let saved = withDependencies {
                $0.service = Service("saved")
            } operation: {
                DependencyValues.current
            }
            withDependencies {
                $0.service = Service("outer")
            } operation: {
                withDependencies {
                    $0 = saved
                } operation: {
                    #expect(DependencyValues.current.storage === saved.storage)
                    #expect(DependencyValues.current.service.name == "saved")
                }
                #expect(DependencyValues.current.service.name == "outer")
            }
        }
    }

    @Test func updateThatReplacesTheValuesWithAnEmptyChildKeepsTheChild() {
        withFreshRoot {
            // A node that sets nothing, whose parent is not the scope's: it must not be trimmed to its parent.
            let child = DependencyValues(storage: ScopeNode(parent: DependencyValues.current.storage))
            withDependencies {
                $0.service = Service("outer")
            } operation: {
                withDependencies {
                    $0 = child
                } operation: {
                    #expect(DependencyValues.current.storage === child.storage)
                }
            }
        }
    }
}

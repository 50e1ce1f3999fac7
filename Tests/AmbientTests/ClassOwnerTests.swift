import Dispatch
import Observation
import Testing

@testable import Ambient

// `@Dependency` in a class reads through `Dependency.subscript(_enclosingInstance:wrapped:storage:)`, not through
// `wrappedValue`. These tests pin down that every kind of class still compiles and reads the values it was created
// in, on its first read (the long way) and on later ones (the created value, read in place).

final class FinalOwner: @unchecked Sendable {
    // Safe: the only stored properties are `@Dependency`s, written in `init` and only read afterwards.
    @Dependency(\.service) var service
    @Dependency(Greeter.self) var greeter
}

class BaseOwner: @unchecked Sendable {
    // Safe: as `FinalOwner`.
    @Dependency(\.service) var service
}

final class DerivedOwner: BaseOwner, @unchecked Sendable {
    // Safe: as `BaseOwner`.
    @Dependency(Greeter.self) var greeter
}

final class GenericOwner<Tag>: @unchecked Sendable {
    // Safe: as `FinalOwner`.
    @Dependency(\.service) var service
}

actor ActorOwner {
    @Dependency(\.service) var service
    func serviceName() -> String { service.name }
}

@Observable final class ObservableOwner {
    @ObservationIgnored @Dependency(\.service) var service
    var title = ""
}

@MainActor final class MainActorOwner {
    @Dependency(\.service) var service
}

@Suite struct ClassOwnerTests {
    @Test func finalClassReadsTheValuesOfItsCreationScope() {
        withFreshRoot {
            let owner = withDependencies {
                $0.service = Service("creation")
                $0[Greeter.self] = Greeter(greeting: "Hi")
            } operation: {
                FinalOwner()
            }
            withDependencies {
                $0.service = Service("call")
            } operation: {
                #expect(owner.service.name == "creation")
                #expect(owner.service.name == "creation")
                #expect(owner.greeter.greeting == "Hi")
            }
        }
    }

    @Test func classReadsTheCreatedDefaultItsRootHolds() {
        withFreshRoot {
            let owner = FinalOwner()
            let first = owner.service
            #expect(owner.service === first)
            #expect(first === DependencyValues.current.service)
        }
    }

    @Test func subclassReadsItsOwnAndInheritedProperties() {
        withFreshRoot {
            let owner = withDependencies {
                $0.service = Service("derived")
            } operation: {
                DerivedOwner()
            }
            #expect(owner.service.name == "derived")
            #expect((owner as BaseOwner).service.name == "derived")
            #expect(owner.greeter.greeting == "Test hello")
        }
    }

    @Test func genericClassReadsTheValuesOfItsCreationScope() {
        withFreshRoot {
            let owner = withDependencies {
                $0.service = Service("generic")
            } operation: {
                GenericOwner<Int>()
            }
            #expect(owner.service.name == "generic")
            #expect(owner.service.name == "generic")
        }
    }

    @Test func actorReadsTheValuesOfItsCreationScope() async {
        await withFreshRoot {
            let owner = withDependencies {
                $0.service = Service("actor")
            } operation: {
                ActorOwner()
            }
            #expect(await owner.serviceName() == "actor")
            #expect(await owner.serviceName() == "actor")
        }
    }

    @Test func observableClassReadsTheValuesOfItsCreationScope() {
        withFreshRoot {
            let owner = withDependencies {
                $0.service = Service("observable")
            } operation: {
                ObservableOwner()
            }
            #expect(owner.service.name == "observable")
            #expect(owner.service.name == "observable")
        }
    }

    @MainActor @Test func mainActorClassReadsTheValuesOfItsCreationScope() {
        withFreshRoot {
            let owner = withDependencies {
                $0.service = Service("main")
            } operation: {
                MainActorOwner()
            }
            #expect(owner.service.name == "main")
            #expect(owner.service.name == "main")
        }
    }

    @Test func classOwnersReadTheSameValueFromManyThreads() {
        withFreshRoot {
            let owner = withDependencies {
                $0.service = Service("shared")
            } operation: {
                FinalOwner()
            }
            let expected = owner.service
            let mismatches = Counter()
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                for _ in 0..<10_000 where owner.service !== expected {
                    _ = mismatches.increment()
                }
            }
            #expect(mismatches.value == 0)
        }
    }
}

import Dispatch
import Observation
import Testing

@testable import Ambient

// `@Dependency` in a class reads through `Dependency.subscript(_enclosingInstance:wrapped:storage:)`, not through
// `wrappedValue`. These tests pin down that every kind of class still compiles and reads the values it was created
// in, on its first read (the long way) and on later ones (the created value, read in place).

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class FinalOwner: @unchecked Sendable {
    // Safe: the only stored properties are `@Dependency`s, written in `init` and only read afterwards.
    @Dependency(\.service) var service
    @Dependency(Greeter.self) var greeter
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
class BaseOwner: @unchecked Sendable {
    // Safe: as `FinalOwner`.
    @Dependency(\.service) var service
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class DerivedOwner: BaseOwner, @unchecked Sendable {
    // Safe: as `BaseOwner`.
    @Dependency(Greeter.self) var greeter
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class GenericOwner<Tag>: @unchecked Sendable {
    // Safe: as `FinalOwner`.
    @Dependency(\.service) var service
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
actor ActorOwner {
    @Dependency(\.service) var service
    func serviceName() -> String { service.name }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable final class ObservableOwner: @unchecked Sendable {
    // Safe: the stored properties are a `let` and a `@Dependency`, written in `init` and only read afterwards.
    @ObservationIgnored @Dependency(\.service) var service
    let title = "observable"
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor final class MainActorOwner {
    @Dependency(\.service) var service
}

@Suite struct ClassOwnerTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
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

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(arguments: Kind.allCases)
    func everyKindOfClassReadsTheCreatedDefaultItsRootHolds(_ kind: Kind) {
        withFreshRoot {
            let read = kind.makeReader()
            let first = read()
            #expect(read() === first)
            #expect(first === DependencyValues.current.service)
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
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

    /// The kinds of class whose reads are checked the same way.
    enum Kind: CaseIterable, Sendable {
        case generic, observable, subclass
        // `DependencyOwner` subclasses (see `DependencyOwnerTests`), whose `@Dependency` is an `OwnedDependency`.
        case owner, genericOwner, observableOwner, ownerSubclass, nestedInOwner

        /// An owner of this kind, created in the current scope, as a way to read its `service`.
        func makeReader() -> @Sendable () -> Service {
            switch self {
            case .generic: reader(GenericOwner<Int>()) { $0.service }
            case .observable: reader(ObservableOwner()) { $0.service }
            case .subclass: reader(DerivedOwner()) { ($0 as BaseOwner).service }
            case .owner: reader(ServiceOwner()) { $0.service }
            case .genericOwner: reader(GenericServiceOwner<Int>()) { $0.service }
            case .observableOwner: reader(ObservableServiceOwner()) { $0.service }
            case .ownerSubclass: reader(DerivedServiceOwner()) { ($0 as BaseServiceOwner).service }
            case .nestedInOwner: reader(NestingServiceOwner()) { $0.part.service }
            }
        }

        /// Reads `owner` with `read`: the owner is created by the caller, in its scope.
        private func reader<Owner: Sendable>(
            _ owner: Owner, _ read: @escaping @Sendable (Owner) -> Service
        ) -> @Sendable () -> Service {
            { read(owner) }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(arguments: Kind.allCases)
    func everyKindOfClassReadsTheValuesOfItsCreationScope(_ kind: Kind) {
        withFreshRoot {
            let read = withDependencies {
                $0.service = Service("creation")
            } operation: {
                kind.makeReader()
            }
            withDependencies {
                $0.service = Service("call")
            } operation: {
                #expect(read().name == "creation")  // the long way
                #expect(read().name == "creation")  // the created value, in place
            }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
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

    @MainActor @Test func mainActorClassReadsTheValuesOfItsCreationScope() {
        withFreshRoot {
            let (owner, subclass) = withDependencies {
                $0.service = Service("main")
            } operation: {
                (MainActorOwner(), MainActorServiceOwner())
            }
            #expect(owner.service.name == "main")
            #expect(owner.service.name == "main")
            #expect(subclass.service.name == "main")
            #expect(subclass.service.name == "main")
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(arguments: Kind.allCases)
    func everyKindOfClassReadsTheSameValueFromManyThreads(_ kind: Kind) {
        withFreshRoot {
            let read = withDependencies {
                $0.service = Service("shared")
            } operation: {
                kind.makeReader()
            }
            let expected = read()
            let mismatches = Counter()
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                for _ in 0..<10_000 where read() !== expected {
                    _ = mismatches.increment()
                }
            }
            #expect(mismatches.value == 0)
        }
    }
}

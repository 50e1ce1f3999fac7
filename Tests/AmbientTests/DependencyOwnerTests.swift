import Dispatch
import Observation
import Testing

@testable import Ambient

// A `DependencyOwner` subclass reads the current scope once, in `init`; its `@Dependency` properties are
// `OwnedDependency`s that read through the owner. These tests pin down that they mean what a plain `@Dependency`
// means: the values of the creation scope, for the object's whole life. `ClassOwnerTests` reads every kind of owner
// (generic, `@Observable`, subclassed, nested, `@MainActor`, from many threads) as it reads plain classes.

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class ServiceOwner: DependencyOwner, @unchecked Sendable {
    // Safe: the only stored properties are `let`s and `@Dependency`s, written in `init` and only read afterwards.
    @Dependency(\.service) var service
    @Dependency(Greeter.self) var greeter
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
class BaseServiceOwner: DependencyOwner, @unchecked Sendable {
    // Safe: as `ServiceOwner`.
    @Dependency(\.service) var service
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class DerivedServiceOwner: BaseServiceOwner, @unchecked Sendable {
    // Safe: as `ServiceOwner`.
    @Dependency(Greeter.self) var greeter
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class GenericServiceOwner<Tag>: DependencyOwner, @unchecked Sendable {
    // Safe: as `ServiceOwner`.
    @Dependency(\.service) var service
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable final class ObservableServiceOwner: DependencyOwner, @unchecked Sendable {
    // Safe: the stored properties are a `let` and a `@Dependency`, written in `init` and only read afterwards.
    @ObservationIgnored @Dependency(\.service) var service
    let title = "observable"
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor final class MainActorServiceOwner: DependencyOwner {
    @Dependency(\.service) var service
}

/// Built with the values at a view's position, as `@DependencyState` builds it.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor final class InjectedServiceOwner: DependencyOwner, ObservableDependency {
    @Dependency(\.service) var service
    override init(dependencies: DependencyValues) { super.init(dependencies: dependencies) }
}

/// A type nested in an owner names the plain wrapper explicitly (there `@Dependency` is the owner's).
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class NestingServiceOwner: DependencyOwner, @unchecked Sendable {
    // Safe: as `ServiceOwner`.
    struct Part: Sendable {
        @Ambient.Dependency(\.service) var service
    }
    let part = Part()
}

/// Reads the service through a property whose declaration site is fixed, so that expectations can name it.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class SitedServiceOwner: DependencyOwner, @unchecked Sendable {
    // Safe: as `ServiceOwner`.
    @Dependency(\.service, fileID: "AmbientTests/OwnedFeature.swift", line: 12) var service
}

/// A default built as an owner: its properties count as read by the default, as a plain `@Dependency`'s do
/// (`TransitiveOverrideTests`).
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class OwningReporter: DependencyOwner, @unchecked Sendable {
    // Safe: as `ServiceOwner`.
    @Dependency(\.service) var service
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
enum OwningReporterKey: DependencyKey {
    static var defaultValue: OwningReporter { OwningReporter() }
    static var testingValue: OwningReporter { OwningReporter() }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension DependencyValues {
    var owningReporter: OwningReporter { self[OwningReporterKey.self] }
}

/// Counts its live instances, to show that an owner releases the values it holds.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class TrackedService: Sendable {
    static let live = LiveInstances()
    init() { Self.live.created() }
    deinit { Self.live.freed() }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
private enum TrackedServiceKey: DependencyKey {
    static var defaultValue: TrackedService? { nil }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension DependencyValues {
    fileprivate var trackedService: TrackedService? {
        get { self[TrackedServiceKey.self] }
        set { self[TrackedServiceKey.self] = newValue }
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class TrackedServiceOwner: DependencyOwner, @unchecked Sendable {
    // Safe: as `ServiceOwner`.
    @Dependency(\.trackedService) var trackedService
}

@Suite struct DependencyOwnerTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func ownerKeepsTheValuesOfItsCreationScopeInDependencies() {
        withFreshRoot {
            let override = Service("creation")
            let owner = withDependencies {
                $0.service = override
                $0[Greeter.self] = Greeter(greeting: "Hi")
            } operation: {
                ServiceOwner()
            }
            #expect(owner.dependencies.service === override)
            withDependencies {
                $0.service = Service("call")
            } operation: {
                #expect(owner.service === override)  // the long way
                #expect(owner.service === override)  // the created value, in place
                #expect(owner.greeter.greeting == "Hi")  // a type key
                #expect(owner.greeter.greeting == "Hi")
            }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func ownerBuiltWithGivenValuesReadsThoseValues() {
        withFreshRoot {
            let captured = withDependencies {
                $0.service = Service("captured")
            } operation: {
                DependencyValues.current
            }
            let owner = withDependencies {
                $0.service = Service("creation")
            } operation: {
                ServiceOwner(dependencies: captured)
            }
            #expect(owner.service.name == "captured")
            #expect(owner.greeter.greeting == "Test hello")  // a type key's default, in the given values
        }
    }

    @MainActor @Test func viewOwnedStorageBuildsAnOwnerWithTheViewsValues() {
        withFreshRoot {
            let atView = withDependencies {
                $0.service = Service("view")
            } operation: {
                DependencyValues.current
            }
            // The storage behind `@DependencyState`, which builds through the type's `init(dependencies:)`.
            let owner = ViewOwnedObject<InjectedServiceOwner>().install(atView)
            #expect(owner.service.name == "view")
            #expect(owner.dependencies.service.name == "view")
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func firstReadThroughAnOwnerIsNamedAtTheDeclaration() {
        withFreshRoot {
            _ = SitedServiceOwner().service
            #expect(
                DependencyValues.current.explain(\.service)?.source
                    == .cachedDefault(
                        context: .testing, root: "test root",
                        createdAt: .init(fileID: "AmbientTests/OwnedFeature.swift", line: 12)
                    )
            )
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func ownerReleasesTheValuesItHoldsWhenItIsFreed() {
        let before = TrackedService.live.alive
        withFreshRoot {
            var owner: TrackedServiceOwner? = withDependencies {
                $0.trackedService = TrackedService()
            } operation: {
                TrackedServiceOwner()
            }
            #expect(owner?.trackedService != nil)
            #expect(TrackedService.live.alive == before + 1)
            owner = nil
            #expect(TrackedService.live.alive == before)
        }
    }
}

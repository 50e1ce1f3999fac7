import Observation

@testable import Ambient

/// An `@Observable` view model built from dependencies, as `@DependencyState` owns one.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor @Observable
final class ProfileModel: ObservableDependency {
    static let initializations = Counter()
    let service: Service
    @ObservationIgnored @Dependency(\.service) var scopedService

    init(dependencies: DependencyValues) {
        _ = Self.initializations.increment()
        service = dependencies.service
    }
}

/// A view model that only a custom builder makes: its default `init(dependencies:)` would stop the process.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor @Observable
final class GreetingModel: ObservableDependency {
    let greeting: String
    let service: Service

    init(greeting: String, dependencies: DependencyValues) {
        self.greeting = greeting
        service = dependencies.service
    }
}

/// A plain, thread-safe object, for storages exercised from many threads at once.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class Built: Sendable {
    let service: Service
    let serial: Int
    init(service: Service, serial: Int) {
        self.service = service
        self.serial = serial
    }
}

/// A stand-in for a change subscription (`AnyCancellable` on Apple platforms).
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class Subscription: Sendable {
    let subscriptions: Counter
    init(counting subscriptions: Counter) {
        self.subscriptions = subscriptions
        _ = subscriptions.increment()
    }
}

/// A storage that counts the objects it builds.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
func countingStorage(_ builds: Counter) -> ViewOwnedObject<Built> {
    ViewOwnedObject { values in Built(service: values.service, serial: builds.increment()) }
}

/// Values on a fresh testing root with `service` overridden by one named `name`.
func values(withService name: String) -> DependencyValues {
    var values = DependencyValues(storage: ScopeNode(root: Root(context: .testing)))
    values.service = Service(name)
    return values
}

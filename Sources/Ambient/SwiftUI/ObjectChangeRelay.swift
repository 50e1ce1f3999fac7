#if canImport(SwiftUI) && canImport(Combine)
    import Combine

    // Apple API used here, looked up in Apple's documentation (docs search) rather than recalled:
    // - `protocol ObservableObject: AnyObject` — `associatedtype ObjectWillChangePublisher: Publisher =
    //   ObservableObjectPublisher where Failure == Never`, `var objectWillChange: ObjectWillChangePublisher { get }`
    //   (iOS 13).
    // - `final class ObservableObjectPublisher` — `init()`, `send()` (iOS 13).
    // - `Publisher.sink(receiveValue:) -> AnyCancellable` where `Failure == Never` (iOS 13); `AnyCancellable`
    //   cancels when released.
    // Availability: below the package's floor (iOS 14 / macOS 11); no `@available` is needed.

    /// An `ObservableObject` that a view keeps in `@StateObject`, and that fires whenever the object it relays does.
    ///
    /// Forwarding is synchronous: no queue hop, so the view sees every change, in order.
    class ObjectChangeRelay: ObservableObject {
        let objectWillChange = ObservableObjectPublisher()

        /// Subscribes to `object`'s changes; the subscription ends when the result is released.
        func relay<Object: ObservableObject>(_ object: Object) -> AnyCancellable {
            object.objectWillChange.sink { [objectWillChange] _ in objectWillChange.send() }
        }
    }

    /// Relays the changes of the object a view owns (`@DependencyObject`).
    final class OwnedObjectRelay<Object: ObservableObject>: ObjectChangeRelay {
        let storage: ViewOwnedObject<Object>

        init(_ storage: ViewOwnedObject<Object>) {
            self.storage = storage
        }

        /// Builds the object at the first call, and subscribes to it once.
        func install(_ values: DependencyValues) {
            storage.install(values) { self.relay($0) }
        }
    }

    /// Relays the changes of the dependency instance a view reads (`@InjectedObject`).
    final class InjectedObjectRelay<Object: ObservableObject>: ObjectChangeRelay {
        private let observed = ObservedDependency<Object>()

        /// Observes `object`, moving the subscription when it is another instance than last time.
        func follow(_ object: Object) {
            observed.follow(object) { self.relay($0) }
        }
    }
#endif

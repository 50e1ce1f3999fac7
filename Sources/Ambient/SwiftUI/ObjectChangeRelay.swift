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

    /// An `ObservableObject` that a view keeps in `@StateObject`, and that fires whenever the object it relays does:
    /// the instance the view gets at its latest update (``ObservedDependency``).
    ///
    /// Forwarding is synchronous: no queue hop, so the view sees every change, in order.
    final class ObjectChangeRelay<Object: ObservableObject>: ObservableObject {
        let objectWillChange = ObservableObjectPublisher()
        private let observed = ObservedDependency<Object>()

        /// Observes `object`, the view's instance at this update, unless it is the one observed already.
        func follow(_ object: Object) {
            observed.follow(object) { [objectWillChange] in
                $0.objectWillChange.sink { _ in objectWillChange.send() }
            }
        }
    }
#endif

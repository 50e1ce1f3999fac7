import Ambient
import Foundation
import Observation

// Main-actor services, as an app target declares them: every class here is isolated to the main actor by the
// target's default, and each key creates its value there.

/// A sign-in service (an `ObservableObject` in a SwiftUI app; Combine is not on Linux, so its state is plain here).
final class AuthService {
    var staysSignedIn = false
    let isLive: Bool
    static var instances = 0

    init(isLive: Bool) {
        self.isLive = isLive
        Self.instances += 1
    }
}

/// An `@Observable` store.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable final class CartStore {
    var items: [String] = []
}

private enum AuthKey: MainActorDependencyKey {
    static var defaultValue: AuthService { AuthService(isLive: true) }
    static var testingValue: AuthService { AuthService(isLive: false) }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
private enum CartKey: MainActorDependencyKey {
    static var defaultValue: CartStore { CartStore() }
    static var testingValue: CartStore { CartStore() }
}

extension DependencyValues {
    var auth: AuthService {
        get { self[AuthKey.self] }
        set { self[AuthKey.self] = newValue }
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension DependencyValues {
    var cart: CartStore {
        get { self[CartKey.self] }
        set { self[CartKey.self] = newValue }
    }
}

/// A model that reads the sign-in service.
final class CheckoutModel {
    @Dependency(\.auth) var auth
}

/// A model that reads the store.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class CartModel {
    @Dependency(\.cart) var cart
}

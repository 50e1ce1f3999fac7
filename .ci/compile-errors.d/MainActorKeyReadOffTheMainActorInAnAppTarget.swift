// expect: main actor-isolated property 'auth' can not be referenced from a nonisolated context
// flags: -swift-version 6 -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
// In an app target the main-actor service's property is on the main actor by default: a type that opts out of the
// main actor cannot read it, instead of creating the service on the wrong thread.
import Ambient

final class AuthService {}

private enum AuthKey: MainActorDependencyKey {
    static var defaultValue: AuthService { AuthService() }
    static var testingValue: AuthService { AuthService() }
}

extension DependencyValues {
    var auth: AuthService {
        get { self[AuthKey.self] }
        set { self[AuthKey.self] = newValue }
    }
}

nonisolated struct BackgroundRefresh {
    func run() -> AuthService { DependencyValues.current.auth }
}

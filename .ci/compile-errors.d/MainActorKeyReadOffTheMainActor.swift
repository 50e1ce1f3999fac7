// expect: main actor-isolated subscript 'subscript(_:)' can not be referenced from a nonisolated context
// A main-actor dependency is created on the main actor: code off it cannot read it, instead of creating it on the
// wrong thread or waiting for the main thread.
import Ambient

@MainActor final class AuthService {}

enum AuthKey: MainActorDependencyKey {
    static var defaultValue: AuthService { AuthService() }
    static var testingValue: AuthService { AuthService() }
}

func readOffTheMainActor() -> AuthService {
    DependencyValues.current[AuthKey.self]
}

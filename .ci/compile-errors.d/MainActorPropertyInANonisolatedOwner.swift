// expect: main actor-isolated default value in a nonisolated context
// flags: -swift-version 6
// A DependencyValues property isolated to the main actor (every property of an app target's extension) is read by a
// @Dependency in a type isolated to the main actor; a nonisolated owner is told at its declaration.
import Ambient

private enum GreetingKey: DependencyKey {
    static var defaultValue: String { "Hello" }
}

extension DependencyValues {
    @MainActor var greeting: String { self[GreetingKey.self] }
}

final class Greeter {
    @Dependency(\.greeting) var greeting
}

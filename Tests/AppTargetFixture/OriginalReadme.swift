import Ambient

// The setup of the original SwiftUI Dependencies package's README, unchanged: in this target every declaration is
// isolated to the main actor, so `myDependency` is too, and a type isolated to the main actor reads it.

private struct MyDependencyKey: DependencyKey {
    static let defaultValue = "Default value"
}

extension DependencyValues {
    var myDependency: String {
        get { self[MyDependencyKey.self] }
        set { self[MyDependencyKey.self] = newValue }
    }
}

/// A view model as an app declares it, reading the README's dependency.
final class GreetingModel {
    @Dependency(\.myDependency) var myDependency
}

/// A value type reading the same dependency.
struct GreetingRow {
    @Dependency(\.myDependency) var myDependency
}

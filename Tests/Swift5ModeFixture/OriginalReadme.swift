public import Ambient

// The setup of the original SwiftUI Dependencies package's README, in a module built in the Swift 5 language mode
// (as packages and app targets that have not moved to Swift 6 are): a plain class, a struct and a main-actor class
// each read a key, a built-in value and a `DependencyOwner`'s property, unchanged.

private struct MyDependencyKey: DependencyKey {
    static let defaultValue = "Default value"
}

extension DependencyValues {
    public var myDependency: String {
        get { self[MyDependencyKey.self] }
        set { self[MyDependencyKey.self] = newValue }
    }
}

/// A plain class, nonisolated as every declaration of this module is.
public final class Swift5Greeter {
    @Dependency(\.myDependency) public var myDependency
    @Dependency(\.date) public var date
    public init() {}
}

/// A value type.
public struct Swift5GreetingRow {
    @Dependency(\.myDependency) public var myDependency
    public init() {}
}

/// A view model isolated to the main actor.
@MainActor public final class Swift5GreetingModel {
    @Dependency(\.myDependency) public var myDependency
    public init() {}
}

/// An object whose dependencies are read through its owner.
public final class Swift5GreetingOwner: DependencyOwner {
    @Dependency(\.myDependency) public var myDependency
}

import Ambient

// Keys whose defaults read each other, for the exit tests of DESIGN §4.7.

enum SelfCycleKey: DependencyKey {
    static var defaultValue: Int { DependencyValues.current[SelfCycleKey.self] + 1 }
    static var testingValue: Int { defaultValue }
}

enum CycleAKey: DependencyKey {
    static var defaultValue: Int { DependencyValues.current[CycleBKey.self] }
    static var testingValue: Int { defaultValue }
}

enum CycleBKey: DependencyKey {
    static var defaultValue: Int { DependencyValues.current[CycleCKey.self] }
    static var testingValue: Int { defaultValue }
}

enum CycleCKey: DependencyKey {
    static var defaultValue: Int { DependencyValues.current[CycleAKey.self] }
    static var testingValue: Int { defaultValue }
}

/// A default that keeps a `@Dependency` on its own key: not a cycle, since the property is read later.
struct SelfReferencingClient: DependencyKey, Sendable {
    @Dependency(SelfReferencingClient.self) var me
    var name = "client"
    static var defaultValue: SelfReferencingClient { SelfReferencingClient() }
    static var testingValue: SelfReferencingClient { SelfReferencingClient() }
}

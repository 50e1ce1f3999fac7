import Testing

@testable import Ambient

/// A value type that cannot be compared.
private struct Opaque: Sendable {}

private enum OpaqueKey: DependencyKey {
    static var defaultValue: Opaque { Opaque() }
    static var testingValue: Opaque { Opaque() }
}

private enum FlagKey: DependencyKey {
    static var defaultValue: Bool { false }
    static var testingValue: Bool { false }
}

extension DependencyValues {
    fileprivate var opaque: Opaque {
        get { self[OpaqueKey.self] }
        set { self[OpaqueKey.self] = newValue }
    }
    fileprivate var flag: Bool {
        get { self[FlagKey.self] }
        set { self[FlagKey.self] = newValue }
    }
}

@Suite struct DependencyModifierTests {
    private let root = DependencyValues(storage: Storage(root: Root(context: .testing)))

    @Test func sameEquatableValueKeepsTheSubtreesValues() {
        let cache = DerivedDependencies()
        let first = cache.values(from: root, applying: DependencyChange(\.flag, true))
        let again = cache.values(from: root, applying: DependencyChange(\.flag, true))
        #expect(again.storage === first.storage)
        #expect(again.flag)
        #expect(cache.values(from: root, applying: DependencyChange(\.flag, false)).storage !== first.storage)
    }

    @Test func sameInstanceKeepsTheSubtreesValuesAndItsRebuiltDefaults() {
        let cache = DerivedDependencies()
        let demo = Service("demo")
        let first = cache.values(from: root, applying: DependencyChange(\.service, demo))
        let analytics = first.analytics
        #expect(analytics.service === demo, "a default built from the override is rebuilt for the subtree")
        let again = cache.values(from: root, applying: DependencyChange(\.service, demo))
        #expect(again.analytics === analytics, "and kept while the modifier makes the same change")
        let other = cache.values(from: root, applying: DependencyChange(\.service, Service("demo")))
        #expect(other.service !== demo)
        #expect(other.analytics !== analytics)
    }

    @Test func valuesThatCannotBeComparedAreAppliedAgain() {
        let cache = DerivedDependencies()
        let first = cache.values(from: root, applying: DependencyChange(\.opaque, Opaque()))
        #expect(cache.values(from: root, applying: DependencyChange(\.opaque, Opaque())).storage !== first.storage)
        let closure = cache.values(from: root, applying: DependencyChange { $0.flag = true })
        #expect(closure.flag)
        #expect(cache.values(from: root, applying: DependencyChange { $0.flag = true }).storage !== closure.storage)
    }

    @Test func newInheritedValuesAreFollowed() {
        let cache = DerivedDependencies()
        _ = cache.values(from: root, applying: DependencyChange(\.flag, true))
        var parent = root
        parent.service = Service("ancestor")
        let derived = cache.values(from: parent, applying: DependencyChange(\.flag, true))
        #expect(derived.service.name == "ancestor", "an ancestor's new override reaches the subtree")
        #expect(derived.flag)
    }

    @Test func siblingSubtreesNeverSeeEachOthersOverrides() {
        let left = DerivedDependencies().values(from: root, applying: DependencyChange(\.service, Service("left")))
        let right = DerivedDependencies().values(from: root, applying: DependencyChange { $0.context = .preview })
        #expect(left.service.name == "left")
        #expect(left.context == .testing)
        #expect(right.service.name == "preview", "the demo subtree switches context and nothing else")
        #expect(root.service.name == "testing")
    }

    @Test func keyPathsAreComparedToo() {
        let setsFlag = DependencyChange(\.flag, true)
        #expect(setsFlag.isSame(as: DependencyChange(\.flag, true)))
        #expect(!setsFlag.isSame(as: DependencyChange(\.context, .default)))
        #expect(!setsFlag.isSame(as: DependencyChange { $0.flag = true }))
    }
}

import Testing

@testable import Ambient

/// A scene's `.dependency(_:_:)` and `.dependencies { ... }`: each position in the app's scenes keeps its own values
/// across the times SwiftUI computes the scene's environment, through the cache its `@State` holds.
@Suite struct SceneDependenciesTests {
    private let root = DependencyValues(storage: ScopeNode(root: Root(context: .testing)))

    /// What `EnvironmentValues.dependencyChange` does for the scene at one position: its change, applied by the cache
    /// that position's `@State` keeps.
    private func update(
        _ position: DerivedDependencies, from inherited: DependencyValues, setting service: Service
    ) -> DependencyValues {
        // One line of an app's `body`: two scene modifiers written there share it.
        let change = DependencyChange(\.service, service, fileID: "App/DemoApp.swift", line: 9)
        return position.values(from: inherited, applying: change)
    }

    @Test func twoModifiersOnOneLineEachKeepTheirValuesAcrossUpdates() {
        // `WindowGroup { A() }.dependency(\.service, left); WindowGroup { B() }.dependency(\.service, right)`, on
        // one line, with the scenes' environment computed five times.
        let (leftScene, rightScene) = (DerivedDependencies(), DerivedDependencies())
        let (left, right) = (Service("left"), Service("right"))
        var built: [ObjectIdentifier] = []
        for _ in 0..<5 {
            built.append(ObjectIdentifier(update(leftScene, from: root, setting: left).analytics))
            built.append(ObjectIdentifier(update(rightScene, from: root, setting: right).analytics))
        }
        #expect(Set(built).count == 2, "one default built from each scene's override, kept across updates")
        #expect(update(leftScene, from: root, setting: left).analytics.service === left)
        #expect(update(rightScene, from: root, setting: right).analytics.service === right)
    }

    @Test func aHelperUsedByTwoScenesKeepsEachScenesValues() {
        // `func demo(_ scene: some Scene) -> some Scene { scene.dependency(\.service, demo) }`, used by two scenes
        // that inherit different values: one modifier, one line, two positions.
        let demo = Service("demo")
        var other = root
        other.flag = true
        let (first, second) = (DerivedDependencies(), DerivedDependencies())
        var built: [ObjectIdentifier] = []
        for _ in 0..<5 {
            built.append(ObjectIdentifier(update(first, from: root, setting: demo).storage))
            built.append(ObjectIdentifier(update(second, from: other, setting: demo).storage))
        }
        #expect(Set(built).count == 2, "each scene keeps its values")
        #expect(update(second, from: other, setting: demo).flag)
    }
}

private enum FlagKey: DependencyKey {
    static var defaultValue: Bool { false }
    static var testingValue: Bool { false }
}

extension DependencyValues {
    fileprivate var flag: Bool {
        get { self[FlagKey.self] }
        set { self[FlagKey.self] = newValue }
    }
}

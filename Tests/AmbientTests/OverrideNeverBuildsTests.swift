import Testing

@testable import Ambient

/// Semantics: overriding never builds what it replaces. Every API that takes a key path and a value sets the value
/// without running the property's getter, so the replaced default is never created or reported, and the override keeps
/// the place it was written at.
@Suite(.serialized) struct OverrideNeverBuildsTests {
    /// A live client that must not be created where it is overridden: counted.
    final class LiveClient: Sendable {
        static let creations = Counter()
        let name: String
        init(_ name: String) {
            self.name = name
            _ = LiveClient.creations.increment()
        }
    }

    /// A key whose default is counted, with no testing value of its own, so a build in the testing context would
    /// also be reported.
    enum ClientKey: DependencyKey {
        static var defaultValue: LiveClient { LiveClient("live") }
    }

    enum TagKey: DependencyKey {
        static var defaultValue: String { "" }
        static var testingValue: String { "" }
    }

    private let root = DependencyValues(storage: ScopeNode(root: Root(context: .testing)))

    /// How many live clients `body` created, and the reports it made.
    private func creations(_ body: () -> Void) -> (created: Int, reports: [String]) {
        let before = LiveClient.creations.value
        let log = collectingReports(body)
        return (LiveClient.creations.value - before, log.messages)
    }

    @Test func viewOverrideCreatesAndReportsNothingOfTheValueItReplaces() {
        let demo = LiveClient("demo")
        let (created, reports) = creations {
            let values = DerivedDependencies().values(from: root, applying: DependencyChange(\.client, demo))
            #expect(values.client === demo)
        }
        #expect(created == 0)
        #expect(reports.isEmpty)
    }

    @Test func sceneOverrideCreatesNothingAndKeepsItsValuesForTheSameChange() {
        let demo = LiveClient("demo")
        let scene = DerivedDependencies()
        let (created, reports) = creations {
            let first = scene.values(
                from: root, applying: DependencyChange(\.client, demo, fileID: "App/DemoApp.swift", line: 12))
            let again = scene.values(
                from: root, applying: DependencyChange(\.client, demo, fileID: "App/DemoApp.swift", line: 12))
            #expect(again.storage === first.storage)
            #expect(first.client === demo)
            #expect(
                first.explain(\.client)?.description.hasSuffix("overridden at App/DemoApp.swift:12, in this scope")
                    == true)
        }
        #expect(created == 0)
        #expect(reports.isEmpty)
    }

    @Test func sceneOverrideWithAnotherValueGivesNewValues() {
        let scene = DerivedDependencies()
        let first = scene.values(
            from: root, applying: DependencyChange(\.client, LiveClient("one"), fileID: "App/DemoApp.swift", line: 20))
        let second = scene.values(
            from: root, applying: DependencyChange(\.client, LiveClient("two"), fileID: "App/DemoApp.swift", line: 20))
        #expect(second.storage !== first.storage)
        #expect(second.client.name == "two")
    }

    @Test(arguments: [false, true])
    func nestedViewOverridesNameEachSiteAndScope(defaultExistedBefore: Bool) {
        if defaultExistedBefore {
            // The key has no testing value: its report is caught, so that the run prints no Ambient warning.
            #expect(collectingReports { _ = root.client }.kinds == [.missingTestingValue])
        }
        let outer = DerivedDependencies().values(
            from: root, applying: DependencyChange(\.client, LiveClient("outer"), fileID: "App/Outer.swift", line: 3))
        let inner = DerivedDependencies().values(
            from: outer, applying: DependencyChange(\.tag, "inner", fileID: "App/Inner.swift", line: 7))
        let innermost = DerivedDependencies().values(
            from: inner, applying: DependencyChange(\.client, LiveClient("inner"), fileID: "App/Inner.swift", line: 7))
        #expect(
            outer.explain(\.client)?.description == "ClientKey = outer: overridden at App/Outer.swift:3, in this scope")
        #expect(
            inner.explain(\.client)?.description == "ClientKey = outer: overridden at App/Outer.swift:3, 1 scope up")
        #expect(
            innermost.explain(\.client)?.description
                == "ClientKey = inner: overridden at App/Inner.swift:7, in this scope")
        #expect(
            innermost.overridesDescription.contains(
                "ClientKey = inner: overridden at App/Inner.swift:7, in this scope; hides outer set at App/Outer.swift:3"
            ))
    }

    @Test func keyPathThatComputesWhatItSetsIsStillWrittenThroughItsGetter() {
        var values = root
        // The getter builds the live client, which has no testing value: its report is caught.
        let log = collectingReports { values.assign(\.clientName, "renamed") }
        #expect(log.kinds == [.missingTestingValue])
        #expect(values.client.name == "renamed")
    }

    @Test func assigningTheContextSwitchesIt() {
        var values = root
        values.assign(\.context, .preview)
        #expect(values.context == .preview)
    }
}

extension OverrideNeverBuildsTests.LiveClient: CustomStringConvertible {
    var description: String { name }
}

extension DependencyValues {
    fileprivate var client: OverrideNeverBuildsTests.LiveClient {
        get { self[OverrideNeverBuildsTests.ClientKey.self] }
        set { self[OverrideNeverBuildsTests.ClientKey.self] = newValue }
    }
    fileprivate var tag: String {
        get { self[OverrideNeverBuildsTests.TagKey.self] }
        set { self[OverrideNeverBuildsTests.TagKey.self] = newValue }
    }
    /// A property that computes what it sets: it needs the client it renames.
    fileprivate var clientName: String {
        get { client.name }
        set { client = OverrideNeverBuildsTests.LiveClient(newValue) }
    }
}

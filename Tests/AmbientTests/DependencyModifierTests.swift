import Testing

@testable import Ambient

/// An API as the original package's demo declares it: a protocol, and plain structs that are not `Equatable`.
private protocol API: Sendable {
    var version: String { get }
}

private struct TestAPI: API {
    var version: String { "test" }
}

/// The demo's override, written `.dependency(\.api, DemoAPI())` in a body that runs on every re-render.
private struct DemoAPI: API {
    var version: String { "demo" }
}

/// A struct of references, not `Equatable`: the same value when it holds the same instance.
private struct SessionAPI: API {
    let session: Service
    var version: String { session.name }
}

private enum APIKey: DependencyKey {
    static var defaultValue: any API { TestAPI() }
    static var testingValue: any API { TestAPI() }
}

/// A default built from the API, as an analytics client is: counted, so a rebuild shows.
private final class APIReport: Sendable {
    static let creations = Counter()
    let version: String
    init(version: String) {
        self.version = version
        _ = Self.creations.increment()
    }
}

private enum APIReportKey: DependencyKey {
    static var defaultValue: APIReport { APIReport(version: DependencyValues.current.api.version) }
    static var testingValue: APIReport { APIReport(version: DependencyValues.current.api.version) }
}

private enum FlagKey: DependencyKey {
    static var defaultValue: Bool { false }
    static var testingValue: Bool { false }
}

extension DependencyValues {
    fileprivate var api: any API {
        get { self[APIKey.self] }
        set { self[APIKey.self] = newValue }
    }
    fileprivate var apiReport: APIReport { self[APIReportKey.self] }
    fileprivate var flag: Bool {
        get { self[FlagKey.self] }
        set { self[FlagKey.self] = newValue }
    }
}

@Suite struct DependencyModifierTests {
    private let root = DependencyValues(storage: ScopeNode(root: Root(context: .testing)))

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

    @Test func originalDemosReRendersKeepTheSubtreesValuesAndTheDefaultBuiltFromThem() {
        // The demo's body: `ContentView().dependency(\.flag, true).dependency(\.api, DemoAPI())`, run once to
        // render and three more times to re-render. Each modifier keeps its cache across runs, as `@State` does.
        let outer = DerivedDependencies()
        let inner = DerivedDependencies()
        let before = APIReport.creations.value
        var subtrees: [DependencyValues] = []
        var reports: [APIReport] = []
        for _ in 0..<4 {
            let withAPI = outer.values(from: root, applying: DependencyChange(\.api, DemoAPI()))
            let subtree = inner.values(from: withAPI, applying: DependencyChange(\.flag, true))
            subtrees.append(subtree)
            reports.append(subtree.apiReport)
        }
        #expect(APIReport.creations.value - before == 1, "the default built from api is created once")
        #expect(reports.allSatisfy { $0 === reports[0] })
        #expect(reports[0].version == "demo")
        #expect(subtrees.allSatisfy { $0.storage === subtrees[0].storage }, "the subtree's values are the same")
    }

    @Test func structOfTheSameReferencesIsTheSameChange() {
        let cache = DerivedDependencies()
        let session = Service("session")
        let first = cache.values(from: root, applying: DependencyChange(\.api, SessionAPI(session: session)))
        let again = cache.values(from: root, applying: DependencyChange(\.api, SessionAPI(session: session)))
        #expect(again.storage === first.storage)
        let other = cache.values(from: root, applying: DependencyChange(\.api, SessionAPI(session: Service("session"))))
        #expect(other.storage !== first.storage, "another instance is another value, whatever its contents")
        #expect(other.api.version == "session")
    }

    @Test func aValueOfAnotherTypeIsAnotherChange() {
        let cache = DerivedDependencies()
        let demo = cache.values(from: root, applying: DependencyChange(\.api, DemoAPI()))
        let test = cache.values(from: root, applying: DependencyChange(\.api, TestAPI()))
        #expect(test.storage !== demo.storage, "two empty structs of different types have the same bytes, none")
        #expect(test.api.version == "test")
    }

    @Test func closureThatSetsTheSameValuesKeepsTheSubtreesValues() {
        let cache = DerivedDependencies()
        let demo = Service("demo")
        let first = cache.values(from: root, applying: DependencyChange { $0.flag = true })
        #expect(first.flag)
        #expect(cache.values(from: root, applying: DependencyChange { $0.flag = true }).storage === first.storage)
        let both = cache.values(
            from: root,
            applying: DependencyChange {
                $0.service = demo
                $0.api = DemoAPI()
            })
        let again = cache.values(
            from: root,
            applying: DependencyChange {
                $0.api = DemoAPI()
                $0.service = demo
            })
        #expect(again.storage === both.storage, "the same instance and another empty struct, in any order")
    }

    @Test func closureThatSetsAnythingElseGivesNewValues() {
        let cache = DerivedDependencies()
        let first = cache.values(from: root, applying: DependencyChange { $0.flag = true })
        let otherValue = cache.values(from: root, applying: DependencyChange { $0.flag = false })
        #expect(otherValue.storage !== first.storage)
        #expect(!otherValue.flag)
        let moreKeys = cache.values(
            from: root,
            applying: DependencyChange {
                $0.flag = false
                $0.api = DemoAPI()
            })
        #expect(moreKeys.storage !== otherValue.storage)
        let instances = DerivedDependencies()
        let one = instances.values(from: root, applying: DependencyChange { $0.service = Service("a") })
        #expect(
            instances.values(from: root, applying: DependencyChange { $0.service = Service("a") }).storage
                !== one.storage, "a new instance each time is a new value, as with .dependency")
        let otherContext = cache.values(from: root, applying: DependencyChange { $0.context = .preview })
        #expect(otherContext.context == .preview)
        #expect(cache.values(from: root, applying: DependencyChange { _ in }).storage === root.storage)
    }

    @Test func demoModeKeepsTheDefaultsBuiltUnderAnOverrideInsideIt() {
        // The demo-mode recipe: `ProfileView().dependencies { $0.context = .preview }`, with a view inside that
        // overrides the service, rendered once and re-rendered five times. Each modifier keeps its cache.
        let demoMode = DerivedDependencies()
        let inside = DerivedDependencies()
        let demo = Service("demo")
        var analytics: [Analytics] = []
        for _ in 0..<6 {
            let subtree = demoMode.values(from: root, applying: DependencyChange { $0.context = .preview })
            let overridden = inside.values(from: subtree, applying: DependencyChange(\.service, demo))
            #expect(overridden.context == .preview)
            analytics.append(overridden.analytics)
        }
        #expect(analytics[0].service === demo)
        #expect(analytics.allSatisfy { $0 === analytics[0] }, "built once, not once per render")
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

    @Test func aChangeIsKnownByWhatItSetsNotByHowItIsWritten() {
        let cache = DerivedDependencies()
        let first = cache.values(from: root, applying: DependencyChange(\.flag, true))
        #expect(cache.values(from: root, applying: DependencyChange { $0.flag = true }).storage === first.storage)
        let otherKey = cache.values(from: root, applying: DependencyChange(\.context, .default))
        #expect(otherKey.storage !== first.storage)
        #expect(otherKey.context == .default)
    }
}

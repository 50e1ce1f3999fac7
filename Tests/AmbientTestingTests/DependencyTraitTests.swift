import Ambient
import AmbientTesting
import Testing

/// A counter a test changes: a class, so a suite-wide instance would carry one test's count into the next.
final class TapCounter: Sendable {
    private let count = _Locked(0)
    func tap() -> Int {
        count.withLock {
            $0 += 1
            return $0
        }
    }
}

/// A service whose live instances are counted. Its key has no testing value, so creating the live one under the
/// trait would also fail the test.
final class MeteredService: Sendable {
    /// How many live instances were made: only ``DependencyTraitTests`` reads the key, and it overrides it.
    static let liveCreations = _Locked(0)
    init(live: Bool = false) {
        if live { MeteredService.liveCreations.withLock { $0 += 1 } }
    }
}

enum MeteredServiceKey: DependencyKey {
    static var defaultValue: MeteredService { MeteredService(live: true) }
}

enum TapCounterKey: DependencyKey {
    static var defaultValue: TapCounter { TapCounter() }
    static var testingValue: TapCounter { TapCounter() }
}

extension DependencyValues {
    var tapCounter: TapCounter {
        get { self[TapCounterKey.self] }
        set { self[TapCounterKey.self] = newValue }
    }
    var meteredService: MeteredService {
        get { self[MeteredServiceKey.self] }
        set { self[MeteredServiceKey.self] = newValue }
    }
}

/// The `.dependency(_:_:)` trait: swift-dependencies' shape, a value made once per test, composed in order, and an
/// override that never creates what it replaces.
@Suite(.dependency(\.tapCounter, TapCounter()), .dependency(\.meteredService, MeteredService()))
struct DependencyTraitTests {
    @Test func firstTestCountsFromItsOwnInstance() {
        #expect(DependencyValues.current.tapCounter.tap() == 1)
    }

    @Test func secondTestCountsFromItsOwnInstanceToo() {
        #expect(DependencyValues.current.tapCounter.tap() == 1)
    }

    @Test(arguments: 0..<3)
    func everyTestCaseCountsFromItsOwnInstance(index: Int) {
        #expect(DependencyValues.current.tapCounter.tap() == 1)
    }

    @Test func overriddenDefaultIsNeverCreated() {
        let service = DependencyValues.current.meteredService
        // One instance per test, made by the trait's value; the live default is never made on top of it.
        #expect(DependencyValues.current.meteredService === service)
        #expect(DependencyValues.current.explain(\.meteredService)?.source.isOverride == true)
        #expect(MeteredService.liveCreations.withLock { $0 } == 0)
    }

    @Test(.dependency(\.client, Client("trait")), .dependencies { $0.client = Client("closure") })
    func traitsComposeInOrderInnermostLast() {
        #expect(DependencyValues.current.client.name == "closure")
    }

    @Test(.dependencies { $0.client = Client("closure") }, .dependency(\.client, Client("trait")))
    func keyPathTraitAfterAClosureTraitWins() {
        #expect(DependencyValues.current.client.name == "trait")
    }

    @Test(.dependency(\.liveOnlyService, "traced"))
    func explanationsNameTheTraitThatSetTheOverride() {
        // NB: `#line` in a trait's default argument is resolved in the `@Test` macro's expansion, at the function.
        let line = #line - 2
        #expect(
            DependencyValues.current.explain(\.liveOnlyService)?.description
                == "LiveOnlyServiceKey = traced: overridden at AmbientTestingTests/DependencyTraitTests.swift:\(line), "
                + "in this scope"
        )
    }
}

extension DependencyProvenance.Source {
    fileprivate var isOverride: Bool {
        if case .override = self { return true }
        return false
    }
}

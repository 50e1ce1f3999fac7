import Dispatch

@testable import Ambient

/// Counts how many instances a key's default created, per key, so tests can check "created once".
final class Counter: Sendable {
    // NB: a lock, not `Synchronization.Atomic` (iOS 18 / macOS 15): the tests build on the package's platform floor.
    private let count = ConditionLock(0)
    func increment() -> Int {
        count.withLockBroadcasting {
            $0 += 1
            return $0
        }
    }
    var value: Int { count.withLock { $0 } }

    /// Waits until the count reaches `target`, however long the machine takes, and returns it. The wait blocks a
    /// Dispatch thread, never one of the few threads that run every test's tasks (the work counted may need them).
    func waitUntil(reaches target: Int) async -> Int {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: self.count.waitFor { $0 >= target ? $0 : nil })
            }
        }
    }
}

/// A reference-type dependency whose identity tells instances apart.
final class Service: Sendable, CustomStringConvertible {
    let name: String
    let serial: Int
    init(_ name: String, serial: Int = 0) {
        self.name = name
        self.serial = serial
    }
    var description: String { "Service(\(name))" }
}

/// A key with distinct values per context.
enum ServiceKey: DependencyKey {
    static let creations = Counter()
    static var defaultValue: Service { Service("live", serial: creations.increment()) }
    static var previewValue: Service { Service("preview", serial: creations.increment()) }
    static var testingValue: Service { Service("testing", serial: creations.increment()) }
}

/// A key with only a default value: previews and tests fall back to it.
enum LiveOnlyKey: DependencyKey {
    static var defaultValue: String { "live only" }
}

/// A key that declares on purpose that its default is fine in tests.
enum PureKey: DependencyKey {
    static var defaultValue: Int { 42 }
    static var testingValue: Int { defaultValue }
}

/// A key with a testing value but no preview value: previews use the testing value.
enum TestingOnlyKey: DependencyKey {
    static var defaultValue: String { "live" }
    static var testingValue: String { "testing" }
}

/// A stateful store kept in a dependency.
final class Store: Sendable {
    private let items = ConditionLock<[String]>([])
    func add(_ item: String) { items.withLock { $0.append(item) } }
    var all: [String] { items.withLock { $0 } }
}

enum StoreKey: DependencyKey {
    static var defaultValue: Store { Store() }
    static var testingValue: Store { Store() }
}

/// An analytics client built from the service: its default reads another dependency.
final class Analytics: Sendable {
    let service: Service
    let serial: Int
    init(service: Service, serial: Int) {
        self.service = service
        self.serial = serial
    }
}

enum AnalyticsKey: DependencyKey {
    static let creations = Counter()
    static var defaultValue: Analytics { make() }
    static var testingValue: Analytics { make() }
    private static func make() -> Analytics {
        Analytics(service: DependencyValues.current.service, serial: creations.increment())
    }
}

/// A default built through `@Dependency` in an object created while the default is created.
struct Reporter: Sendable {
    @Dependency(\.service) var service
}

/// Reads the service through a `@Dependency` whose declaration site is fixed, so that expectations can name it.
struct SitedServiceReader {
    @Dependency(\.service, fileID: "AmbientTests/Feature.swift", line: 7) var service
}

enum ReporterKey: DependencyKey {
    static var defaultValue: Reporter { Reporter() }
    static var testingValue: Reporter { Reporter() }
}

/// A type key: its value is the type itself.
struct Greeter: DependencyKey, Sendable {
    var greeting: String
    static var defaultValue: Greeter { Greeter(greeting: "Hello") }
    static var testingValue: Greeter { Greeter(greeting: "Test hello") }
}

extension DependencyValues {
    var service: Service {
        get { self[ServiceKey.self] }
        set { self[ServiceKey.self] = newValue }
    }
    var liveOnly: String {
        get { self[LiveOnlyKey.self] }
        set { self[LiveOnlyKey.self] = newValue }
    }
    var store: Store {
        get { self[StoreKey.self] }
        set { self[StoreKey.self] = newValue }
    }
    var analytics: Analytics {
        get { self[AnalyticsKey.self] }
        set { self[AnalyticsKey.self] = newValue }
    }
    var reporter: Reporter { self[ReporterKey.self] }
}

/// Runs `body` in a fresh root of `context`: its own cache, nothing shared with other tests.
func withFreshRoot<R>(
    _ context: DependencyContext = .testing,
    _ body: () throws -> R
) rethrows -> R {
    try withDependencies(DependencyValues(storage: ScopeNode(root: Root(context: context))), operation: body)
}

/// Runs `body` in a fresh root of `context`: its own cache, nothing shared with other tests.
func withFreshRoot<R>(
    _ context: DependencyContext = .testing,
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> R
) async rethrows -> R {
    try await withDependencies(
        DependencyValues(storage: ScopeNode(root: Root(context: context))),
        operation: body
    )
}

/// Collects what Ambient reports, instead of printing it.
final class ReportLog: _DependencyIssueReporter {
    private let entries = ConditionLock<[(kind: _DependencyIssueKind, message: String, site: _DeclarationSite?)]>([])
    func report(_ kind: _DependencyIssueKind, _ message: String) {
        report(kind, message, at: nil)
    }
    func report(_ kind: _DependencyIssueKind, _ message: String, at site: _DeclarationSite?) {
        entries.withLock { $0.append((kind, message, site)) }
    }
    var messages: [String] { entries.withLock { $0.map(\.message) } }
    var kinds: [_DependencyIssueKind] { entries.withLock { $0.map(\.kind) } }
    var sites: [_DeclarationSite?] { entries.withLock { $0.map(\.site) } }
}

/// Runs `body` with reports collected, and returns them.
func collectingReports(_ body: () throws -> Void) rethrows -> ReportLog {
    let log = ReportLog()
    try _IssueReporting.$reporter.withValue(log, operation: body)
    return log
}

import Foundation

@testable import Ambient

// The shapes of the contract's collisions (Semantics: deciding collisions): each is natural code that once broke
// a promise, kept here as a fixture of `ContractTests`.

/// The request a scope serves: read by the defaults built per request.
enum RequestNumberKey: DependencyKey {
    static var defaultValue: Int { 0 }
    static var testingValue: Int { 0 }
}

/// A per-request default whose `init` starts a task that holds it weakly and flushes it at each request to flush,
/// until `deinit` ends the requests. No one asks for a flush here: the task waits, with the values it inherited, for
/// as long as the default lives, and no timer ever makes it hold the default for a moment.
final class Flusher: Sendable {
    static let live = LiveInstances()
    let requestNumber: Int
    private let requests: AsyncStream<Void>.Continuation

    init() {
        requestNumber = DependencyValues.current.requestNumber
        Self.live.created()
        let channel = ConditionLock<AsyncStream<Void>.Continuation?>(nil)
        let stream = AsyncStream<Void> { continuation in channel.withLock { $0 = continuation } }
        requests = channel.withLock { $0 }.unsafelyUnwrapped
        Task { [weak self] in
            for await _ in stream { self?.flush() }
        }
    }

    func flush() {}

    deinit {
        requests.finish()
        Self.live.freed()
    }
}

enum FlusherKey: DependencyKey {
    static var defaultValue: Flusher { Flusher() }
    static var testingValue: Flusher { Flusher() }
}

/// An app-wide default whose `init` starts a task that reads the request once, and waits until it has.
final class Heartbeat: Sendable {
    static let creations = Counter()
    let taskRead = ConditionLock<Int?>(nil)

    init() {
        _ = Self.creations.increment()
        let done = DispatchSemaphore(value: 0)
        Task { [taskRead] in
            let requestNumber = DependencyValues.current.requestNumber
            taskRead.withLock { $0 = requestNumber }
            done.signal()
        }
        // NB: waits, so that the task's read happens while the creation is under way, however long it takes to
        // run (the test creates it on a thread of its own, never one of the pool that runs the task).
        done.wait()
    }
}

enum HeartbeatKey: DependencyKey {
    static var defaultValue: Heartbeat { Heartbeat() }
    static var testingValue: Heartbeat { Heartbeat() }
}

/// A client built from the session, and a session that keeps a `@Dependency` on the client for later.
final class SessionClient: Sendable {
    let session: UserSession
    init(session: UserSession) { self.session = session }
}

final class UserSession: @unchecked Sendable {
    // Safe: the only stored property is the wrapper, which is never mutated after `init`.
    @Dependency(\.sessionClient) var client
}

enum SessionClientKey: DependencyKey {
    static var defaultValue: SessionClient { SessionClient(session: DependencyValues.current.userSession) }
    static var testingValue: SessionClient { defaultValue }
}

enum UserSessionKey: DependencyKey {
    static var defaultValue: UserSession { UserSession() }
    static var testingValue: UserSession { defaultValue }
}

/// A database that nothing should create unless it is used.
final class Database: Sendable {}

/// Has no testing value of its own on purpose: a read of it in a test is reported.
enum DatabaseKey: DependencyKey {
    /// Counts the defaults built, not every `Database`: tests running beside it build their own stubs.
    static let defaultCreations = Counter()
    static var defaultValue: Database {
        _ = defaultCreations.increment()
        return Database()
    }
}

/// An analytics client that keeps a `@Dependency` on the database for one rarely used method.
final class AuditedAnalytics: @unchecked Sendable {
    // Safe: the only stored property is the wrapper, which is never mutated after `init`.
    @Dependency(\.database) var database
}

enum AuditedAnalyticsKey: DependencyKey {
    static var defaultValue: AuditedAnalytics { AuditedAnalytics() }
    static var testingValue: AuditedAnalytics { defaultValue }
}

/// Where reports are kept; its own key, so that no other test counts its creations.
final class ReportStore: Sendable {}

enum ReportStoreKey: DependencyKey {
    static var defaultValue: ReportStore { ReportStore() }
    static var testingValue: ReportStore { defaultValue }
}

/// A source of reports that keeps a `@Dependency` on the store, as the analytics client does on the database.
final class ReportSource: @unchecked Sendable {
    // Safe: the only stored property is the wrapper, which is never mutated after `init`.
    @Dependency(\.reportStore) var store
}

enum ReportSourceKey: DependencyKey {
    static var defaultValue: ReportSource { ReportSource() }
    static var testingValue: ReportSource { defaultValue }
}

/// A report whose creation reads the source and keeps it: built from the source of the scope that reads it. The
/// digest is another one, read second.
final class AnalyticsReport: Sendable {
    let source = DependencyValues.current.reportSource
}

enum AnalyticsReportKey: DependencyKey {
    static var defaultValue: AnalyticsReport { AnalyticsReport() }
    static var testingValue: AnalyticsReport { defaultValue }
}

enum AnalyticsDigestKey: DependencyKey {
    static var defaultValue: AnalyticsReport { AnalyticsReport() }
    static var testingValue: AnalyticsReport { defaultValue }
}

/// A per-request log buffer, and two per-request defaults that write to it through `@Dependency`.
final class LogBuffer: Sendable {
    let requestNumber: Int
    private let lines = ConditionLock<[String]>([])
    init(requestNumber: Int) { self.requestNumber = requestNumber }
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

enum LogBufferKey: DependencyKey {
    static var defaultValue: LogBuffer { LogBuffer(requestNumber: DependencyValues.current.requestNumber) }
    static var testingValue: LogBuffer { defaultValue }
}

/// Writes to the request's log buffer through `@Dependency`: the logger and the auditor of one request.
final class BufferWriter: @unchecked Sendable {
    // Safe: the only stored property is the wrapper, which is never mutated after `init`.
    @Dependency(\.logBuffer) var buffer
    func write(_ line: String) { buffer.append(line) }
}

enum RequestLoggerKey: DependencyKey {
    static var defaultValue: BufferWriter { BufferWriter() }
    static var testingValue: BufferWriter { defaultValue }
}

enum RequestAuditorKey: DependencyKey {
    static var defaultValue: BufferWriter { BufferWriter() }
    static var testingValue: BufferWriter { defaultValue }
}

/// Whether carts are saved.
struct CartConfiguration: Sendable {
    var persists: Bool
}

enum CartConfigurationKey: DependencyKey {
    static var defaultValue: CartConfiguration { CartConfiguration(persists: false) }
    static var testingValue: CartConfiguration { defaultValue }
}

/// Where carts are saved.
final class CartPersistence: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

enum CartPersistenceKey: DependencyKey {
    static var defaultValue: CartPersistence { CartPersistence("disk") }
    static var testingValue: CartPersistence { defaultValue }
}

/// A cart whose creation reads the persistence only when the configuration says carts are saved.
final class Cart: Sendable {
    let persistence: CartPersistence?
    private let items = ConditionLock<[String]>([])
    init(persistence: CartPersistence?) { self.persistence = persistence }
    func add(_ item: String) { items.withLock { $0.append(item) } }
    var all: [String] { items.withLock { $0 } }
}

enum CartKey: DependencyKey {
    static var defaultValue: Cart {
        let configuration = DependencyValues.current.cartConfiguration
        return Cart(persistence: configuration.persists ? DependencyValues.current.cartPersistence : nil)
    }
    static var testingValue: Cart { defaultValue }
}

/// A checkout that uses the cart of the scope it was created in, named through `@Dependency`.
final class Checkout: @unchecked Sendable {
    // Safe: the only stored property is the wrapper, which is never mutated after `init`.
    @Dependency(CartKey.self) var cart
}

enum CheckoutKey: DependencyKey {
    static var defaultValue: Checkout { Checkout() }
    static var testingValue: Checkout { defaultValue }
}

/// Reads `value` in a guest scope (a persistence of its own) inside a store's scope (carts are saved; the store's cart
/// has an item), and returns it once `afterTheGuestScope` has used it between the guest scope's end and the store's.
func madeForAGuestInsideAStore<Value>(
    _ value: KeyPath<DependencyValues, Value>, afterTheGuestScope: (Value) -> Void
) -> Value {
    withDependencies {
        $0.cartConfiguration = CartConfiguration(persists: true)
    } operation: {
        DependencyValues.current.cart.add("store's item")
        let made = withDependencies {
            $0.cartPersistence = CartPersistence("guest")
        } operation: {
            DependencyValues.current[keyPath: value]
        }
        afterTheGuestScope(made)
        return made
    }
}

/// A receipt, which keeps the cart of the values it is created from.
final class Receipt: Sendable {
    let cart = DependencyValues.current.cart
}

enum ReceiptKey: DependencyKey {
    static var defaultValue: Receipt { Receipt() }
    static var testingValue: Receipt { defaultValue }
}

/// A checkout that names its cart and its receipt through `@Dependency`, and reads either when asked.
final class ReceiptingCheckout: @unchecked Sendable {
    // Safe: the only stored properties are the wrappers, which are never mutated after `init`.
    @Dependency(CartKey.self) var cart
    @Dependency(ReceiptKey.self) var receipt
}

enum ReceiptingCheckoutKey: DependencyKey {
    static var defaultValue: ReceiptingCheckout { ReceiptingCheckout() }
    static var testingValue: ReceiptingCheckout { defaultValue }
}

/// A receipt that names its cart through `@Dependency` and reads it only when asked.
final class LazyReceipt: @unchecked Sendable {
    // Safe: the only stored property is the wrapper, which is never mutated after `init`.
    @Dependency(CartKey.self) var cart
}

enum LazyReceiptKey: DependencyKey {
    static var defaultValue: LazyReceipt { LazyReceipt() }
    static var testingValue: LazyReceipt { defaultValue }
}

/// A checkout that names its cart and a receipt that reads its cart only when asked.
final class LazilyReceiptingCheckout: @unchecked Sendable {
    // Safe: as `ReceiptingCheckout`.
    @Dependency(CartKey.self) var cart
    @Dependency(LazyReceiptKey.self) var receipt
}

enum LazilyReceiptingCheckoutKey: DependencyKey {
    static var defaultValue: LazilyReceiptingCheckout { LazilyReceiptingCheckout() }
    static var testingValue: LazilyReceiptingCheckout { defaultValue }
}

extension DependencyValues {
    var requestNumber: Int {
        get { self[RequestNumberKey.self] }
        set { self[RequestNumberKey.self] = newValue }
    }
    var flusher: Flusher { self[FlusherKey.self] }
    var heartbeat: Heartbeat { self[HeartbeatKey.self] }
    var sessionClient: SessionClient { self[SessionClientKey.self] }
    var userSession: UserSession { self[UserSessionKey.self] }
    var database: Database {
        get { self[DatabaseKey.self] }
        set { self[DatabaseKey.self] = newValue }
    }
    var auditedAnalytics: AuditedAnalytics { self[AuditedAnalyticsKey.self] }
    var reportStore: ReportStore { self[ReportStoreKey.self] }
    var reportSource: ReportSource { self[ReportSourceKey.self] }
    var analyticsReport: AnalyticsReport { self[AnalyticsReportKey.self] }
    var analyticsDigest: AnalyticsReport { self[AnalyticsDigestKey.self] }
    var logBuffer: LogBuffer { self[LogBufferKey.self] }
    var requestLogger: BufferWriter { self[RequestLoggerKey.self] }
    var requestAuditor: BufferWriter { self[RequestAuditorKey.self] }
    var cartConfiguration: CartConfiguration {
        get { self[CartConfigurationKey.self] }
        set { self[CartConfigurationKey.self] = newValue }
    }
    var cartPersistence: CartPersistence {
        get { self[CartPersistenceKey.self] }
        set { self[CartPersistenceKey.self] = newValue }
    }
    var cart: Cart { self[CartKey.self] }
    var checkout: Checkout { self[CheckoutKey.self] }
    var receiptingCheckout: ReceiptingCheckout { self[ReceiptingCheckoutKey.self] }
    var lazilyReceiptingCheckout: LazilyReceiptingCheckout { self[LazilyReceiptingCheckoutKey.self] }
    var requestJob: RequestJob { self[RequestJobKey.self] }
    var requestSummary: BufferReader { self[RequestSummaryKey.self] }
    var requestChart: BufferReader { self[RequestChartKey.self] }
    var requestReport: RequestReport { self[RequestReportKey.self] }
}

/// A per-request default that keeps the values it was created from, which outlive the request (a job that the
/// request queued, say).
final class RequestJob: Sendable {
    let requestNumber = DependencyValues.current.requestNumber
    let values = DependencyValues.current
}

enum RequestJobKey: DependencyKey {
    static var defaultValue: RequestJob { RequestJob() }
    static var testingValue: RequestJob { defaultValue }
}

/// Two per-request defaults that read the request's log buffer, and a report that reads both: a diamond.
final class BufferReader: Sendable {
    let buffer = DependencyValues.current.logBuffer
}

enum RequestSummaryKey: DependencyKey {
    static var defaultValue: BufferReader { BufferReader() }
    static var testingValue: BufferReader { defaultValue }
}

enum RequestChartKey: DependencyKey {
    static var defaultValue: BufferReader { BufferReader() }
    static var testingValue: BufferReader { defaultValue }
}

final class RequestReport: Sendable {
    let summary = DependencyValues.current.requestSummary
    let chart = DependencyValues.current.requestChart
}

enum RequestReportKey: DependencyKey {
    static var defaultValue: RequestReport { RequestReport() }
    static var testingValue: RequestReport { defaultValue }
}

/// A class-typed default whose `init` starts a task that waits until the value is freed, then reads a key once
/// (while `isReading` is on): work that outlives its value and reads again, in that order every time, with no timer.
final class ReadsOnceFreed: Sendable {
    private let freed = FreedSignal()

    /// A value built from the request number (so that a scope that sets it has its own), counted in `creations`.
    init(counting creations: Counter, while isReading: ConditionLock<Bool>, read: @escaping @Sendable () -> Void) {
        _ = DependencyValues.current.requestNumber
        _ = creations.increment()
        Task { [freed] in
            await freed.wait()
            guard isReading.withLock({ $0 }) else { return }
            read()
        }
    }

    deinit { freed.signal() }
}

/// Opened once, by a ``ReadsOnceFreed`` being freed; a task can wait for it without a timer.
final class FreedSignal: Sendable {
    private let state = ConditionLock<(isOpen: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

    func wait() async {
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state in
                if !state.isOpen { state.waiter = continuation }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }

    func signal() {
        let waiter = state.withLock { state in
            state.isOpen = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }
}

/// A per-request default (built from the request number) whose work reads its own key once it was freed.
enum ChainLinkKey: DependencyKey {
    static let creations = Counter()
    static let isReading = ConditionLock(false)
    static var defaultValue: ReadsOnceFreed {
        ReadsOnceFreed(counting: creations, while: isReading) { _ = DependencyValues.current.chainLink }
    }
    static var testingValue: ReadsOnceFreed { defaultValue }
}

/// Two per-request defaults whose work reads the other's key once freed: defaults whose work reads defaults whose
/// own work reads back.
enum ChainLinkAKey: DependencyKey {
    static let creations = Counter()
    static let isReading = ConditionLock(false)
    static var defaultValue: ReadsOnceFreed {
        ReadsOnceFreed(counting: creations, while: isReading) { _ = DependencyValues.current.chainLinkB }
    }
    static var testingValue: ReadsOnceFreed { defaultValue }
}

enum ChainLinkBKey: DependencyKey {
    static let creations = Counter()
    static var defaultValue: ReadsOnceFreed {
        ReadsOnceFreed(counting: creations, while: ChainLinkAKey.isReading) { _ = DependencyValues.current.chainLinkA }
    }
    static var testingValue: ReadsOnceFreed { defaultValue }
}

extension DependencyValues {
    var chainLink: ReadsOnceFreed { self[ChainLinkKey.self] }
    var chainLinkA: ReadsOnceFreed { self[ChainLinkAKey.self] }
    var chainLinkB: ReadsOnceFreed { self[ChainLinkBKey.self] }
}

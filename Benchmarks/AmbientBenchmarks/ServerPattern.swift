import Ambient
import Foundation

// The server pattern, whose memory goal the Performance article states (Semantics: nothing keeps a scope alive but
// what still uses it): one scope per request, overriding the request's id and its 64 KiB body; a logger default holds
// `@Dependency(\.requestID)`, so it is rebuilt for every request.

enum RequestIDKey: DependencyKey {
    static var defaultValue: Int { 0 }
    static var testingValue: Int { 0 }
}

/// A request's body: 64 KiB that must be freed with its request.
final class RequestBody: Sendable {
    let bytes: [UInt8]
    init(size: Int) { bytes = [UInt8](repeating: 7, count: size) }
}

enum RequestBodyKey: DependencyKey {
    static var defaultValue: RequestBody { RequestBody(size: 0) }
    static var testingValue: RequestBody { defaultValue }
}

/// A logger that tags its lines with the request it serves.
final class RequestLogger: Sendable {
    struct Tags: Sendable {
        @Dependency(\.requestID) var requestID
    }
    let tags = Tags()
    var requestID: Int { tags.requestID }
}

enum RequestLoggerKey: DependencyKey {
    static var defaultValue: RequestLogger { RequestLogger() }
    static var testingValue: RequestLogger { defaultValue }
}

/// A logger that also holds a `@Dependency` on its own key: the pattern that once kept every request's scope.
final class SelfHoldingLogger: @unchecked Sendable {
    // Safe: the wrappers are set in `init` and only read afterwards.
    @Dependency(\.requestID) var requestID
    @Dependency(\.selfHoldingLogger) var me
}

enum SelfHoldingLoggerKey: DependencyKey {
    static var defaultValue: SelfHoldingLogger { SelfHoldingLogger() }
    static var testingValue: SelfHoldingLogger { defaultValue }
}

/// A logger whose `init` starts a task that flushes on every signal of a stream, holds the logger weakly and is
/// cancelled in `deinit`: the pattern that once kept every request's logger, its body and its task alive
/// (Semantics: bookkeeping ends with the creation).
final class FlushingLogger: @unchecked Sendable {
    // Safe: `task` and `signals` are written once, in `init`, before the logger is shared, and read only in
    // `deinit`.
    let requestID = DependencyValues.current.requestID
    private var task: Task<Void, Never>?
    private var signals: AsyncStream<Void>.Continuation?

    init() {
        var signals: AsyncStream<Void>.Continuation?
        let flushes = AsyncStream<Void> { signals = $0 }
        self.signals = signals
        FlushTasks.running.add(1)
        task = Task { [weak self] in
            defer { FlushTasks.running.add(-1) }
            for await _ in flushes { self?.flush() }
        }
    }

    func flush() {}

    deinit {
        task?.cancel()
        signals?.finish()
    }
}

/// How many flush tasks have not ended yet.
final class FlushTasks: @unchecked Sendable {
    // Safe: `count` is only read and written under `lock`.
    static let running = FlushTasks()
    private let lock = NSLock()
    private var unfinished = 0

    func add(_ delta: Int) {
        lock.lock()
        unfinished += delta
        lock.unlock()
    }

    /// How many flush tasks have not ended yet.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return unfinished
    }

    /// Waits, at most `seconds`, until every flush task has ended (a cancelled task ends on the pool, a little
    /// later), so that memory is measured after the backlog drains.
    func waitForNone(seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if count == 0 { return }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }
}

enum FlushingLoggerKey: DependencyKey {
    static var defaultValue: FlushingLogger { FlushingLogger() }
    static var testingValue: FlushingLogger { defaultValue }
}

extension DependencyValues {
    var flushingLogger: FlushingLogger { self[FlushingLoggerKey.self] }
    var selfHoldingLogger: SelfHoldingLogger { self[SelfHoldingLoggerKey.self] }
    var requestID: Int {
        get { self[RequestIDKey.self] }
        set { self[RequestIDKey.self] = newValue }
    }
    var requestBody: RequestBody {
        get { self[RequestBodyKey.self] }
        set { self[RequestBodyKey.self] = newValue }
    }
    var requestLogger: RequestLogger { self[RequestLoggerKey.self] }
}

/// Serves the requests of `range` in the server pattern, each reading the request's id through `requestID`;
/// returns how many reads saw another request's id.
func serveRequests(_ range: ClosedRange<Int>, requestID: () -> Int) -> Int {
    var wrong = 0
    for request in range {
        withDependencies {
            $0.requestID = request
            $0.requestBody = RequestBody(size: 64 * 1024)
        } operation: {
            if requestID() != request { wrong += 1 }
        }
    }
    return wrong
}

/// The request's id as its logger sees it.
func loggedRequestID() -> Int { DependencyValues.current.requestLogger.requestID }

/// The request's id as a logger that holds itself sees it, through itself.
func selfLoggedRequestID() -> Int { DependencyValues.current.selfHoldingLogger.me.requestID }

/// The resident set size of this process in bytes, or `nil` where `/proc/self/statm` does not exist.
func residentBytes() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// The request's id as a logger that started a task sees it.
func flushedRequestID() -> Int { DependencyValues.current.flushingLogger.requestID }

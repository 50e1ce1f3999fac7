import Foundation
import Testing

@testable import Ambient

/// Semantics: a scope that ended rebuilds once per reader. Values whose partners are first created after their scope
/// ended, through a property whose key was never created before: each value names the next one's key without knowing
/// what that key reads. When the scope ends, such a value keeps the objects the scope handed out weakly, and a partner
/// built from its values then finds the one it reads while that object exists, and keeps it.
@Suite struct PartnersFirstUsedAfterTheirScopeTests {
    /// Formats the request's log lines; reads the buffer only when asked.
    final class LineFormatter: @unchecked Sendable {
        // Safe: the only stored property is the wrapper, which is never mutated after `init`.
        @Dependency var buffer: LogBuffer
        init(_ buffer: Dependency<LogBuffer>) { _buffer = buffer }
    }

    /// How a formatter's property names its buffer.
    protocol BufferPath {
        static func buffer() -> Dependency<LogBuffer>
    }

    /// A key path.
    protocol BufferKeyPath: BufferPath {
        static var keyPath: any KeyPath<DependencyValues, LogBuffer> & Sendable { get }
    }

    /// `\.logBuffer`, which the test reads through a formatter's property first, so that its key is known. (Ambient
    /// learns a key per key path object, and another expression of the same path, such as `BufferWriter`'s, need not
    /// be the same object.)
    enum KnownPath: BufferKeyPath {
        static var keyPath: any KeyPath<DependencyValues, LogBuffer> & Sendable { \.logBuffer }
        static func buffer() -> Dependency<LogBuffer> { Dependency(keyPath) }
    }

    /// `\.requestLog`, which nothing but this suite's formatter reads through a property: its key is not known when
    /// the formatter is created.
    enum UnknownPath: BufferKeyPath {
        static var keyPath: any KeyPath<DependencyValues, LogBuffer> & Sendable { \.requestLog }
        static func buffer() -> Dependency<LogBuffer> { Dependency(keyPath) }
    }

    /// The key type, which names its key whether or not any read showed it.
    enum KeyType: BufferPath {
        static func buffer() -> Dependency<LogBuffer> { Dependency(LogBufferKey.self) }
    }

    enum LineFormatterKey<Path: BufferPath>: DependencyKey {
        static var defaultValue: LineFormatter { LineFormatter(Path.buffer()) }
        static var testingValue: LineFormatter { defaultValue }
    }

    /// Exports the request's log through the formatter; uses it only when asked.
    final class LogExporter<Path: BufferPath>: @unchecked Sendable {
        // Safe: as `LineFormatter`'s.
        @Dependency(LineFormatterKey<Path>.self) var formatter
    }

    enum LogExporterKey<Path: BufferPath>: DependencyKey {
        static var defaultValue: LogExporter<Path> { LogExporter() }
        static var testingValue: LogExporter<Path> { defaultValue }
    }

    /// One of a pair that names each other, the article's `Ping` and `Pong`, with the request's number.
    final class Ping: @unchecked Sendable {
        // Safe: as `LineFormatter`'s.
        @Dependency(PongKey.self) var pong
        @Dependency(\.requestNumber) var requestNumber
    }

    final class Pong: @unchecked Sendable {
        // Safe: as `LineFormatter`'s.
        @Dependency(PingKey.self) var ping
    }

    enum PingKey: DependencyKey {
        static var defaultValue: Ping { Ping() }
        static var testingValue: Ping { Ping() }
    }

    enum PongKey: DependencyKey {
        static var defaultValue: Pong { Pong() }
        static var testingValue: Pong { Pong() }
    }

    /// Creates, in a request scope, the request's buffer with one line, and an exporter; returns both once the scope
    /// ended.
    private func exporterOfAnEndedRequest<Path: BufferPath>(_: Path.Type) -> (LogExporter<Path>, LogBuffer) {
        withDependencies {
            $0.requestNumber = 7
        } operation: {
            let buffer = DependencyValues.current.logBuffer
            buffer.append("request started")
            return (DependencyValues.current[LogExporterKey<Path>.self], buffer)
        }
    }

    /// An exporter of a request, used after the request ended, reaches the request's buffer through a formatter it
    /// creates then, whose property's key path names a key that a read showed before.
    @Test func exporterReachesItsRequestsBufferThroughAFormatterWhoseKeyPathIsKnown() {
        withFreshRoot {
            _ = LineFormatter(KnownPath.buffer()).buffer
            #expect(PropertyKeys.key(for: KnownPath.keyPath) == LogBufferKey.self)
            let (exporter, buffer) = exporterOfAnEndedRequest(KnownPath.self)
            let found = exporter.formatter.buffer
            #expect(found === buffer)
            #expect(found.all == ["request started"])
            #expect(exporter.formatter.buffer === buffer)
        }
    }

    /// The same, with a key path that no read showed when the formatter was created: the formatter keeps, weakly,
    /// what the exporter's values kept, and its first read, which shows the key, finds the buffer there.
    @Test func exporterReachesItsRequestsBufferThroughAFormatterWhoseKeyPathIsNotKnownYet() {
        withFreshRoot {
            let (exporter, buffer) = exporterOfAnEndedRequest(UnknownPath.self)
            let formatter = exporter.formatter
            #expect(PropertyKeys.key(for: UnknownPath.keyPath) == nil)
            let found = formatter.buffer
            #expect(PropertyKeys.key(for: UnknownPath.keyPath) == LogBufferKey.self)
            #expect(found.requestNumber == 7)
            #expect(formatter.buffer === found)
            #expect(found === buffer)
            #expect(found.all == ["request started"])
        }
    }

    /// The same, with a formatter whose property names the key type.
    @Test func exporterReachesItsRequestsBufferThroughAFormatterThatNamesTheKeyType() {
        withFreshRoot {
            let (exporter, buffer) = exporterOfAnEndedRequest(KeyType.self)
            #expect(exporter.formatter.buffer === buffer)
            #expect(exporter.formatter.buffer.all == ["request started"])
        }
    }

    /// Many threads that reach the buffer through the exporter at once, after the request ended, all find the
    /// request's buffer: whichever revives it first keeps it, and the others get what it kept.
    @Test(arguments: [false, true])
    func exportersReadOnManyThreadsAtOnceFindTheRequestsBuffer(namingTheKeyType: Bool) {
        withFreshRoot {
            for _ in 1...20 {
                let buffer: LogBuffer
                let read: @Sendable () -> LogBuffer
                if namingTheKeyType {
                    let (exporter, requests) = exporterOfAnEndedRequest(KeyType.self)
                    (buffer, read) = (requests, { exporter.formatter.buffer })
                } else {
                    let (exporter, requests) = exporterOfAnEndedRequest(KnownPath.self)
                    (buffer, read) = (requests, { exporter.formatter.buffer })
                }
                let found = ConditionLock<Set<ObjectIdentifier>>([])
                DispatchQueue.concurrentPerform(iterations: 32) { _ in
                    let reached = read()
                    found.withLock { _ = $0.insert(ObjectIdentifier(reached)) }
                }
                #expect(found.withLock { $0 } == [ObjectIdentifier(buffer)])
            }
        }
    }

    /// What the exporter keeps weakly keeps nothing alive: once no one holds the request's buffer, it is freed, and a
    /// formatter created then gets a buffer of its own, built from the request's values, the same on every read.
    @Test func weaklyKeptBufferIsFreedWhenNoOneHoldsIt() {
        withFreshRoot {
            weak var freed: LogBuffer?
            let exporter = {
                let (exporter, buffer) = exporterOfAnEndedRequest(KnownPath.self)
                freed = buffer
                return exporter
            }()
            #expect(freed == nil)
            let buffer = exporter.formatter.buffer
            #expect(buffer.requestNumber == 7)
            #expect(buffer.all.isEmpty)
            #expect(exporter.formatter.buffer === buffer)
        }
    }

    /// A ping of a request meets its pong only after the request ended: the pong's ping is that ping.
    @Test func pingAndPongFirstPairedAfterTheirScopeEndedFindEachOther() {
        withFreshRoot {
            let ping = withDependencies {
                $0.requestNumber = 7
            } operation: {
                DependencyValues.current[PingKey.self]
            }
            let pong = ping.pong
            #expect(ping.pong === pong)
            #expect(pong.ping.requestNumber == 7)
            #expect(pong.ping === ping)
        }
    }

    /// The same pair, whose root ended too before the pong was first read, with and without the request's scope: the
    /// pong reads in the root's heir, and finds that ping.
    @Test(arguments: [false, true])
    func pingAndPongFirstPairedAfterTheirRootEndedFindEachOther(inARequest: Bool) {
        let ping = withFreshRoot {
            guard inARequest else { return DependencyValues.current[PingKey.self] }
            return withDependencies {
                $0.requestNumber = 7
            } operation: {
                DependencyValues.current[PingKey.self]
            }
        }
        let pong = ping.pong
        #expect(ping.pong === pong)
        #expect(pong.ping === ping)
        if inARequest { #expect(pong.ping.requestNumber == 7) }
    }
}

extension DependencyValues {
    /// The request's log buffer, through a key path that only `PartnersFirstUsedAfterTheirScopeTests` reads.
    fileprivate var requestLog: LogBuffer { self[LogBufferKey.self] }
}

import Testing

@testable import Ambient

/// Open (Semantics: a scope that ended rebuilds once per reader): values whose partners are first created after
/// their scope ended, through a property whose key was never created before. Each value names the next one's key
/// without knowing what that key reads, so its snapshot kept nothing of the scope for it, and the partner, built
/// from the value's values once the scope is gone, gets instances built for it alone. Known issues until the core
/// keeps, weakly, what such a value could still reach (found by a probe written as a new user).
@Suite struct PartnersFirstUsedAfterTheirScopeTests {
    /// Formats the request's log lines; reads the buffer only when asked.
    final class LineFormatter: @unchecked Sendable {
        // Safe: the only stored property is the wrapper, which is never mutated after `init`.
        @Dependency(\.logBuffer) var buffer
    }

    enum LineFormatterKey: DependencyKey {
        static var defaultValue: LineFormatter { LineFormatter() }
        static var testingValue: LineFormatter { LineFormatter() }
    }

    /// Exports the request's log through the formatter; uses it only when asked.
    final class LogExporter: @unchecked Sendable {
        // Safe: as `LineFormatter`'s.
        @Dependency(LineFormatterKey.self) var formatter
    }

    enum LogExporterKey: DependencyKey {
        static var defaultValue: LogExporter { LogExporter() }
        static var testingValue: LogExporter { LogExporter() }
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

    /// An exporter of a request, used after the request ended, reaches the request's buffer through a formatter it
    /// creates then: it should find the buffer with the request's line. It finds a new, empty one.
    @Test func exporterReachesItsRequestsBufferThroughAFormatterCreatedAfterTheRequestEnded() {
        withFreshRoot {
            let (exporter, buffer) = withDependencies {
                $0.requestNumber = 7
            } operation: {
                let buffer = DependencyValues.current.logBuffer
                buffer.append("request started")
                return (DependencyValues.current[LogExporterKey.self], buffer)
            }
            let found = exporter.formatter.buffer
            #expect(found.requestNumber == 7)
            withKnownIssue("a partner first created after the scope ended gets an instance of its own; open") {
                #expect(found === buffer)
                #expect(found.all == ["request started"])
            }
        }
    }

    /// A ping of a request meets its pong only after the request ended: the pong's ping should be that ping. Each
    /// hop builds another instance.
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
            withKnownIssue("a partner first created after the scope ended gets an instance of its own; open") {
                #expect(pong.ping === ping)
            }
        }
    }
}

import Foundation
import Testing

@testable import Ambient

/// Semantics: one instance per key per scope, a value keeps what it read, and a first read after the end belongs to
/// the reader: while a scope lives, one instance per key; after it, each value its own.
@Suite struct ScopeLifetimeTests {
    enum RequestKey: DependencyKey {
        static var defaultValue: Int { 0 }
    }

    /// A request's log buffer, rebuilt for each request.
    final class Buffer: Sendable {
        let request: Int
        let lines = ConditionLock([String]())
        init() { request = DependencyValues.current[RequestKey.self] }
    }

    enum BufferKey: DependencyKey {
        static var defaultValue: Buffer { Buffer() }
    }

    /// A logger that writes to its request's buffer, which it reads only when it writes.
    final class Logger: Sendable {
        struct Output: Sendable {
            @Dependency(BufferKey.self) var buffer
        }
        let output = Output()
        func write(_ line: String) { output.buffer.lines.withLock { $0.append(line) } }
    }

    enum LoggerKey: DependencyKey {
        static var defaultValue: Logger { Logger() }
    }

    /// Another logger, to show two readers.
    enum AuditLoggerKey: DependencyKey {
        static var defaultValue: Logger { Logger() }
    }

    /// An object that finds itself through a property on its own key.
    final class SelfNamer: Sendable {
        struct Me: Sendable {
            @Dependency(SelfNamerKey.self) var me
        }
        let me = Me()
        let request = DependencyValues.current[RequestKey.self]
    }

    enum SelfNamerKey: DependencyKey {
        static var defaultValue: SelfNamer { SelfNamer() }
    }

    /// A pair that names each other, built for its request.
    final class Ping: Sendable {
        struct Partner: Sendable {
            @Dependency(PongKey.self) var pong
        }
        let partner = Partner()
        let request = DependencyValues.current[RequestKey.self]
    }

    final class Pong: Sendable {
        struct Partner: Sendable {
            @Dependency(PingKey.self) var ping
        }
        let partner = Partner()
        let request = DependencyValues.current[RequestKey.self]
    }

    enum PingKey: DependencyKey {
        static var defaultValue: Ping { Ping() }
    }

    enum PongKey: DependencyKey {
        static var defaultValue: Pong { Pong() }
    }

    private func inRequest<R>(_ request: Int, _ body: () -> R) -> R {
        withDependencies {
            $0[RequestKey.self] = request
        } operation: {
            body()
        }
    }

    @Test func everyReadWhileTheScopeLivesGetsOneInstance() {
        withFreshRoot(.default) {
            inRequest(7) {
                let direct = DependencyValues.current[BufferKey.self]
                let logger = DependencyValues.current[LoggerKey.self]
                let values = DependencyValues.current
                let onThread = ConditionLock<Buffer?>(nil)
                let thread = Thread {
                    let buffer = withDependencies(values) { logger.output.buffer }
                    onThread.withLockBroadcasting { $0 = buffer }
                }
                thread.start()
                let fromThread = onThread.waitFor { $0 }
                #expect(logger.output.buffer === direct)
                #expect(fromThread === direct)
                #expect(direct.request == 7)
            }
        }
    }

    @Test func valueKeepsTheInstancesItReadAfterItsScopeEnded() {
        let (logger, buffer) = withFreshRoot(.default) {
            inRequest(7) {
                let logger = DependencyValues.current[LoggerKey.self]
                logger.write("during")
                return (logger, DependencyValues.current[BufferKey.self])
            }
        }
        logger.write("after")
        #expect(logger.output.buffer === buffer)
        #expect(buffer.lines.withLock { $0 } == ["during", "after"])
    }

    @Test func valueKeepsTheInstancesItReadAfterItsRootEnded() {
        weak var root: Root?
        let logger = withDependencies(DependencyValues._freshRoot(context: .default)) {
            root = DependencyValues.current.storage.root
            let logger = DependencyValues.current[LoggerKey.self]
            logger.write("during")
            return logger
        }
        #expect(root == nil)
        logger.write("after")
        #expect(logger.output.buffer.lines.withLock { $0 } == ["during", "after"])
    }

    @Test func valueKeepsAPartnerThatNamesItOnlyWhileSomethingElseDoes() {
        weak var firstPong: Pong?
        let ping = withFreshRoot(.default) {
            inRequest(7) {
                let ping = DependencyValues.current[PingKey.self]
                let pong = ping.partner.pong
                #expect(pong.partner.ping === ping)
                firstPong = pong
                return ping
            }
        }
        #expect(firstPong == nil)
        let laterPong = ping.partner.pong
        #expect(laterPong.request == 7)
        #expect(ping.partner.pong === laterPong)
    }

    @Test func objectFindsItselfThroughAPropertyOnItsOwnKeyWhileItExists() {
        weak var freed: SelfNamer?
        let namer = withFreshRoot(.default) {
            inRequest(7) {
                let namer = DependencyValues.current[SelfNamerKey.self]
                #expect(namer.me.me === namer)
                return namer
            }
        }
        #expect(namer.me.me === namer)
        do {
            let other = withFreshRoot(.default) { inRequest(8) { DependencyValues.current[SelfNamerKey.self] } }
            freed = other
        }
        #expect(freed == nil)
    }

    @Test func firstReadAfterTheScopeEndedIsTheReadersOwn() {
        let (logger, scopesBuffer) = withFreshRoot(.default) {
            inRequest(7) { (DependencyValues.current[LoggerKey.self], DependencyValues.current[BufferKey.self]) }
        }
        logger.write("after")
        let own = logger.output.buffer
        #expect(own !== scopesBuffer)
        #expect(own.request == 7)
        #expect(logger.output.buffer === own)
        #expect(own.lines.withLock { $0 } == ["after"])
    }

    @Test func firstReadAfterTheRootEndedIsTheReadersOwn() {
        weak var rootsBuffer: Buffer?
        let logger = withDependencies(DependencyValues._freshRoot(context: .default)) {
            rootsBuffer = DependencyValues.current[BufferKey.self]
            return DependencyValues.current[LoggerKey.self]
        }
        #expect(rootsBuffer == nil)
        let own = logger.output.buffer
        #expect(logger.output.buffer === own)
    }

    @Test func twoValuesReadingFirstAfterTheEndGetTwoInstances() {
        let (logger, audit) = withFreshRoot(.default) {
            inRequest(7) { (DependencyValues.current[LoggerKey.self], DependencyValues.current[AuditLoggerKey.self]) }
        }
        #expect(logger.output.buffer !== audit.output.buffer)
        #expect(logger.output.buffer.request == 7)
        #expect(audit.output.buffer.request == 7)
    }
}

// A first read after the end belongs to the reader, which keeps it strongly, whatever it names: also a struct that
// names a key path not known yet, which a value keeps only for itself (model checker seed 843).
extension ScopeLifetimeTests {
    /// Settings whose property names the endpoint by a key path read nowhere else, so that their first creation cannot
    /// know what the property reads: they belong to any scope that overrides something. Counts its builds.
    struct Settings: Sendable {
        static let built = ConditionLock(0)
        @Dependency(\.scopeLifetimeEndpoint) var endpoint
        let serial = Settings.built.withLock { built in
            built += 1
            return built
        }
    }

    enum SettingsKey: DependencyKey {
        static var defaultValue: Settings { Settings() }
    }

    final class Endpoint: Sendable {}

    enum EndpointKey: DependencyKey {
        static var defaultValue: Endpoint { Endpoint() }
    }

    /// A reporter whose property reads its settings only when it sends.
    struct Reporter: Sendable {
        @Dependency(SettingsKey.self) var settings
    }

    enum ReporterKey: DependencyKey {
        static var defaultValue: Reporter { Reporter() }
    }

    /// The reporter's first read of its settings comes after its scope ended, so they are built for it alone; once its
    /// root ended too, the next read hands out the same settings without building them again.
    @Test func settingsBuiltForAValueAloneAreNotBuiltAgainOnceItsRootEnded() {
        let (reporter, own) = withDependencies(DependencyValues._freshRoot(context: .default)) {
            let reporter = withDependencies {
                $0.scopeLifetimeEndpoint = Endpoint()
            } operation: {
                DependencyValues.current[ReporterKey.self]
            }
            return (reporter, reporter.settings.serial)
        }
        let builtBefore = Settings.built.withLock { $0 }
        #expect(reporter.settings.serial == own)
        #expect(Settings.built.withLock { $0 } == builtBefore)
    }
}

extension DependencyValues {
    fileprivate var scopeLifetimeEndpoint: ScopeLifetimeTests.Endpoint {
        get { self[ScopeLifetimeTests.EndpointKey.self] }
        set { self[ScopeLifetimeTests.EndpointKey.self] = newValue }
    }
}

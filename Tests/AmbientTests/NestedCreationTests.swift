import Foundation
import Testing

@testable import Ambient

/// Semantics: only a real cycle stops the process. A default whose creation reads its reader's key again, in a scope
/// that overrides what that reader read on the way, asks for another instance: it is no cycle, in either read order.
@Suite struct NestedCreationTests {
    /// A token provider that fetches its token with an HTTP client that has no token provider.
    final class TokenProvider: Sendable {
        let client: HTTPClient
        init() {
            client = withDependencies {
                $0.tokenProvider = nil
            } operation: {
                DependencyValues.current.http
            }
        }
    }

    /// An HTTP client that signs its requests with the token provider, if it has one.
    final class HTTPClient: Sendable {
        let tokenProvider: TokenProvider?
        init() { tokenProvider = DependencyValues.current.tokenProvider }
    }

    enum TokenProviderKey: DependencyKey {
        static var defaultValue: TokenProvider? { TokenProvider() }
    }

    enum HTTPClientKey: DependencyKey {
        static var defaultValue: HTTPClient { HTTPClient() }
    }

    /// The configuration a logger writes by; loading it logs through a logger built without it.
    struct Config: Sendable {
        let level: String
        let bootLogger: Logger
        init() {
            bootLogger = withDependencies {
                $0.config = nil
            } operation: {
                DependencyValues.current.logger
            }
            level = "debug"
        }
    }

    /// A logger of the configuration's level, or of a bootstrap level without one.
    final class Logger: Sendable {
        let level: String
        init() { level = DependencyValues.current.config?.level ?? "bootstrap" }
    }

    enum ConfigKey: DependencyKey {
        static var defaultValue: Config? { Config() }
    }

    enum LoggerKey: DependencyKey {
        static var defaultValue: Logger { Logger() }
    }

    @Test(arguments: [true, false])
    func tokenProviderThatFetchesWithAnAnonymousClientWorksInBothReadOrders(providerFirst: Bool) throws {
        let (client, provider) = withFreshRoot(.default) {
            if providerFirst {
                let provider = DependencyValues.current.tokenProvider
                return (DependencyValues.current.http, provider)
            }
            let client = DependencyValues.current.http
            return (client, DependencyValues.current.tokenProvider)
        }
        let signing = try #require(provider)
        #expect(client.tokenProvider === signing)
        #expect(signing.client !== client)
        #expect(signing.client.tokenProvider == nil)
    }

    @Test(arguments: [true, false])
    func bootstrapLoggerWhoseConfigLogsThroughALoggerWithoutConfigWorksInBothReadOrders(configFirst: Bool) throws {
        let (logger, config) = withFreshRoot(.default) {
            if configFirst {
                let config = DependencyValues.current.config
                return (DependencyValues.current.logger, config)
            }
            let logger = DependencyValues.current.logger
            return (logger, DependencyValues.current.config)
        }
        let loaded = try #require(config)
        #expect(logger.level == "debug")
        #expect(loaded.bootLogger.level == "bootstrap")
        #expect(loaded.bootLogger !== logger)
    }
}

extension DependencyValues {
    fileprivate var tokenProvider: NestedCreationTests.TokenProvider? {
        get { self[NestedCreationTests.TokenProviderKey.self] }
        set { self[NestedCreationTests.TokenProviderKey.self] = newValue }
    }
    fileprivate var http: NestedCreationTests.HTTPClient { self[NestedCreationTests.HTTPClientKey.self] }
    fileprivate var config: NestedCreationTests.Config? {
        get { self[NestedCreationTests.ConfigKey.self] }
        set { self[NestedCreationTests.ConfigKey.self] = newValue }
    }
    fileprivate var logger: NestedCreationTests.Logger { self[NestedCreationTests.LoggerKey.self] }
}

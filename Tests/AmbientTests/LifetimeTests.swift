import Foundation
import Testing

@testable import Ambient

/// Semantics: nothing keeps a scope alive but what still uses it. A scope, its overrides and every default built for
/// it are freed when nothing outside Ambient holds its values; so is a root and everything cached in it. Serialized:
/// the tests count live instances of shared types.
@Suite(.serialized) struct LifetimeTests {
    /// A request's identity, overridden by each request scope.
    enum RequestIDKey: DependencyKey {
        static var defaultValue: Int { 0 }
        static var testingValue: Int { 0 }
    }

    /// A request's body, overridden by each request scope; counted.
    final class Body: Sendable {
        static let live = LiveInstances()
        let bytes: [UInt8]
        init(size: Int) {
            bytes = [UInt8](repeating: 1, count: size)
            Body.live.created()
        }
        deinit { Body.live.freed() }
    }

    enum BodyKey: DependencyKey {
        static var defaultValue: Body { Body(size: 0) }
        static var testingValue: Body { Body(size: 0) }
    }

    /// A logger that tags every line with the request it serves: a default that holds a `@Dependency`.
    final class Logger: Sendable {
        static let live = LiveInstances()
        /// NB: a `Sendable` class keeps its `@Dependency` properties in a struct, since their storage is a `var`.
        struct Tags: Sendable {
            @Dependency(\.requestID) var requestID
        }
        let tags = Tags()
        init() { Logger.live.created() }
        deinit { Logger.live.freed() }
        func line(_ text: String) -> String { "[\(tags.requestID)] \(text)" }
    }

    enum LoggerKey: DependencyKey {
        static var defaultValue: Logger { Logger() }
        static var testingValue: Logger { Logger() }
    }

    /// A default that holds a `@Dependency` of a key nobody overrides: cached in the root.
    final class Cache: Sendable {
        static let live = LiveInstances()
        struct Greeting: Sendable {
            @Dependency(\.greeting) var text
        }
        let dependencies = Greeting()
        var greeting: String { dependencies.text }
        init() { Cache.live.created() }
        deinit { Cache.live.freed() }
    }

    enum CacheKey: DependencyKey {
        static var defaultValue: Cache { Cache() }
        static var testingValue: Cache { Cache() }
    }

    enum GreetingKey: DependencyKey {
        static var defaultValue: String { "hello" }
        static var testingValue: String { "hello" }
    }

    @Test func hundredThousandRequestScopesLeaveAtMostTwoLoggersAndBodiesAlive() {
        let loggersBefore = Logger.live.alive
        let bodiesBefore = Body.live.alive
        var wrongLines = 0
        withFreshRoot {
            for request in 1...100_000 {
                withDependencies {
                    $0.requestID = request
                    $0.body = Body(size: 16)
                } operation: {
                    if DependencyValues.current.logger.line("ok") != "[\(request)] ok" { wrongLines += 1 }
                }
            }
        }
        #expect(wrongLines == 0)
        #expect(Logger.live.alive - loggersBefore <= 2)
        #expect(Body.live.alive - bodiesBefore <= 2)
    }

    @Test func loggerKeptFromARequestStillSeesThatRequestAfterItsScopeEnded() {
        let logger = withFreshRoot {
            withDependencies {
                $0.requestID = 17
            } operation: {
                DependencyValues.current.logger
            }
        }
        #expect(logger.line("late") == "[17] late")
    }

    @Test func rootIsFreedWithEveryDefaultItCachedWhenNothingHoldsItsValues() {
        weak var root: Root?
        let cachesBefore = Cache.live.alive
        do {
            let values = DependencyValues._freshRoot(context: .testing)
            root = values.storage.root
            withDependencies(values) {
                #expect(DependencyValues.current[CacheKey.self].greeting == "hello")
                #expect(Cache.live.alive - cachesBefore == 1)
            }
        }
        #expect(root == nil)
        #expect(Cache.live.alive - cachesBefore == 0)
    }

    @Test func threeHundredConsecutiveRootsLeaveAtMostTwoCachedDefaultsAlive() {
        let before = Cache.live.alive
        for _ in 0..<300 {
            withDependencies(DependencyValues._freshRoot(context: .testing)) {
                _ = DependencyValues.current[CacheKey.self].greeting
            }
        }
        #expect(Cache.live.alive - before <= 2)
    }

    @Test func scopeIsFreedWithItsOverridesAfterARebuiltDefaultWasRead() {
        weak var scope: ScopeNode?
        let bodiesBefore = Body.live.alive
        withFreshRoot {
            withDependencies {
                $0.requestID = 1
                $0.body = Body(size: 16)
            } operation: {
                scope = DependencyValues.current.storage
                _ = DependencyValues.current.logger.line("x")
            }
        }
        #expect(scope == nil)
        #expect(Body.live.alive - bodiesBefore == 0)
    }

    @Test func defaultKeptAfterItsRootWasFreedStillReadsItsDependencies() {
        weak var root: Root?
        let cache = withDependencies(DependencyValues._freshRoot(context: .testing)) {
            root = DependencyValues.current.storage.root
            return DependencyValues.current[CacheKey.self]
        }
        #expect(root == nil)
        #expect(cache.greeting == "hello")
    }

    @Test func defaultThatKeepsItsValuesAndChangesThemDoesNotKeepItsRoot() {
        weak var root: Root?
        do {
            let values = DependencyValues._freshRoot(context: .testing)
            root = values.storage.root
            withDependencies(values) { _ = DependencyValues.current[KeeperKey.self] }
        }
        #expect(root == nil)
    }

    /// A default that keeps the values it was created from, changed, and values made from scratch.
    struct Keeper: Sendable {
        let changed: DependencyValues
        let fresh: DependencyValues
        init() {
            var values = DependencyValues.current
            values.requestID = 99
            changed = values
            fresh = DependencyValues()
        }
    }

    enum KeeperKey: DependencyKey {
        static var defaultValue: Keeper { Keeper() }
        static var testingValue: Keeper { Keeper() }
    }
}

extension DependencyValues {
    fileprivate var requestID: Int {
        get { self[LifetimeTests.RequestIDKey.self] }
        set { self[LifetimeTests.RequestIDKey.self] = newValue }
    }
    fileprivate var body: LifetimeTests.Body {
        get { self[LifetimeTests.BodyKey.self] }
        set { self[LifetimeTests.BodyKey.self] = newValue }
    }
    fileprivate var logger: LifetimeTests.Logger { self[LifetimeTests.LoggerKey.self] }
    fileprivate var greeting: String { self[LifetimeTests.GreetingKey.self] }
}

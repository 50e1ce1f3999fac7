import Foundation
import Testing

@testable import Ambient

/// First reads that race: after a scope ended, through a value's values while the scope lives, in two contexts of one
/// root, and on a family's members. Each race ends with one instance for each place the rules give one.
@Suite struct RacingFirstReadsTests {
    enum RequestKey: DependencyKey {
        static var defaultValue: Int { 0 }
    }

    /// A request's buffer, rebuilt for each request, counted per key (tests run in parallel).
    final class Buffer: Sendable {
        let request = DependencyValues.current[RequestKey.self]
        init(_ creations: Counter) { _ = creations.increment() }
    }

    enum AfterEndBufferKey: DependencyKey {
        static let creations = Counter()
        static var defaultValue: Buffer { Buffer(creations) }
    }

    enum WhileLiveBufferKey: DependencyKey {
        static let creations = Counter()
        static var defaultValue: Buffer { Buffer(creations) }
    }

    /// A logger that reads its buffer only when it writes, through the values it was created in.
    final class Logger<Key: DependencyKey>: Sendable where Key.Value == Buffer {
        struct Output: Sendable {
            @Dependency(Key.self) var buffer
        }
        let output = Output()
    }

    enum AfterEndLoggerKey: DependencyKey {
        static var defaultValue: Logger<AfterEndBufferKey> { Logger() }
    }

    enum WhileLiveLoggerKey: DependencyKey {
        static var defaultValue: Logger<WhileLiveBufferKey> { Logger() }
    }

    private func inRequest<R>(_ request: Int, _ body: () -> R) -> R {
        withDependencies {
            $0[RequestKey.self] = request
        } operation: {
            body()
        }
    }

    /// A first read after the end belongs to the reader, and a value keeps what it read: threads that race on a
    /// logger's first read of its buffer once its request ended get one buffer, built once, from the request. An
    /// implementation whose woken waiter looked only in the root's or the scope's table (not what the logger's values remembered)
    /// would build a second buffer, or hand one out that the logger does not keep.
    @Test func threadsRacingOnAFirstReadAfterTheScopeEndedShareTheReadersOneInstance() {
        let threads = RacingThreads(count: 8)
        defer { threads.stop() }
        for round in 0..<200 {
            let logger = withFreshRoot(.default) {
                inRequest(round) { DependencyValues.current[AfterEndLoggerKey.self] }
            }
            let before = AfterEndBufferKey.creations.value
            let seen = ConditionLock([ObjectIdentifier]())
            threads.race { _ in
                let buffer = logger.output.buffer
                seen.withLock { $0.append(ObjectIdentifier(buffer)) }
            }
            let kept = logger.output.buffer
            #expect(kept.request == round)
            #expect(seen.withLock { $0 }.allSatisfy { $0 == ObjectIdentifier(kept) })
            #expect(AfterEndBufferKey.creations.value - before == 1)
        }
    }

    /// One instance per key per scope: while a request lives, threads that race on the first read of its rebuilt
    /// buffer through a logger's values (a snapshot) get the request's one buffer, the one the request reads itself.
    @Test func threadsRacingThroughAValuesSnapshotOnAScopesRebuiltDefaultGetTheScopesInstance() {
        let threads = RacingThreads(count: 8)
        defer { threads.stop() }
        for round in 1...200 {
            withFreshRoot(.default) {
                inRequest(round) {
                    let logger = DependencyValues.current[WhileLiveLoggerKey.self]
                    let before = WhileLiveBufferKey.creations.value
                    let seen = ConditionLock([ObjectIdentifier]())
                    threads.race { _ in
                        let buffer = logger.output.buffer
                        seen.withLock { $0.append(ObjectIdentifier(buffer)) }
                    }
                    let scopes = DependencyValues.current[WhileLiveBufferKey.self]
                    #expect(scopes.request == round)
                    #expect(seen.withLock { $0 }.allSatisfy { $0 == ObjectIdentifier(scopes) })
                    #expect(WhileLiveBufferKey.creations.value - before == 1)
                }
            }
        }
    }

    /// A service counted per key, with a value per context.
    enum ContextServiceKey: DependencyKey {
        static let creations = Counter()
        static var defaultValue: Service { Service("live", serial: creations.increment()) }
        static var previewValue: Service { Service("preview", serial: creations.increment()) }
        static var testingValue: Service { Service("testing", serial: creations.increment()) }
    }

    /// A root keeps one instance per key in each context, in the one table keyed by key and context: threads that
    /// race on a key's first read in a testing root, half of them in a scope that switches to the preview context,
    /// create it exactly twice, and each gets its context's. An implementation that let one context's slot answer another's
    /// would hand out the wrong value or create it once.
    @Test func threadsRacingOnAKeyInTwoContextsOfOneRootCreateItOncePerContext() {
        let threads = RacingThreads(count: 8)
        defer { threads.stop() }
        for _ in 0..<200 {
            let root = DependencyValues._freshRoot(context: .testing)
            let preview = withDependencies(root) {
                withDependencies {
                    $0.context = .preview
                } operation: {
                    DependencyValues.current
                }
            }
            let before = ContextServiceKey.creations.value
            let wrong = Counter()
            threads.race { index in
                let (values, expected) = index.isMultiple(of: 2) ? (root, "testing") : (preview, "preview")
                if values[ContextServiceKey.self].name != expected { _ = wrong.increment() }
            }
            #expect(wrong.value == 0)
            #expect(ContextServiceKey.creations.value - before == 2)
            #expect(root[ContextServiceKey.self] !== preview[ContextServiceKey.self])
        }
    }

    /// A family's member: an object that says which argument and which values it was made for.
    final class Member: Sendable {
        let argument: Int
        let source: String
        init(_ argument: Int) {
            self.argument = argument
            source = DependencyValues.current.liveOnly
        }
    }

    enum RacedFamilyKey: DependencyFamilyKey {
        static let creations = Counter()
        static func defaultValue(for argument: Int) -> Member { testingValue(for: argument) }
        static func testingValue(for argument: Int) -> Member {
            _ = creations.increment()
            return Member(argument)
        }
    }

    /// Families' first-member requests under a race: in a fresh root, threads each read the member of a different
    /// argument at once, half of them in a scope that overrides what members read. Only one read's request is
    /// answered by the members' creation; the others wait for it and read the members it stored. Each member is
    /// created once, for its own argument, from its scope's values, and a second read finds it. An implementation whose copied
    /// request lost its answer would create a member twice; one that answered another read's request would hand out
    /// a member for the wrong argument.
    @Test func threadsReadingDifferentMembersFirstInAFreshRootEachGetTheirOwnOnce() {
        let threads = RacingThreads(count: 8)
        defer { threads.stop() }
        for _ in 0..<200 {
            let root = withDependencies(DependencyValues._freshRoot(context: .testing)) {
                withDependencies {
                    $0.liveOnly = "root"
                } operation: {
                    DependencyValues.current
                }
            }
            let scoped = withDependencies(root) {
                withDependencies {
                    $0.liveOnly = "scope"
                } operation: {
                    DependencyValues.current
                }
            }
            let before = RacedFamilyKey.creations.value
            let wrong = Counter()
            threads.race { index in
                let (values, expected) = index.isMultiple(of: 2) ? (root, "root") : (scoped, "scope")
                let member = values[RacedFamilyKey.self][index]
                if member.argument != index || member.source != expected
                    || values[RacedFamilyKey.self][index] !== member
                {
                    _ = wrong.increment()
                }
            }
            #expect(wrong.value == 0)
            #expect(RacedFamilyKey.creations.value - before == 8)
        }
    }
}

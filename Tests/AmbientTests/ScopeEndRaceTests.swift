import Foundation
import Testing

@testable import Ambient

/// Semantics: freeing never splits an instance, for a read that races the end of its scope: a thread reading a
/// request's instance through a value of the request, the moment another lets the request's values go, finds the
/// request's instance, round after round.
@Suite struct ScopeEndRaceTests {
    /// A scope node held weakly, so that a thread sees the moment the scope's last reference goes.
    final class WeakNode: @unchecked Sendable {
        // Safe: the runtime loads and stores weak references atomically.
        weak var node: ScopeNode?
    }

    /// A root held weakly, so that a thread sees the moment its last reference goes.
    final class WeakRoot: @unchecked Sendable {
        // Safe: as `WeakNode`'s.
        weak var root: Root?
    }

    /// A logger that never read its request's buffer flushes on another thread the moment the request's values go,
    /// and finds the buffer the auditor wrote to, with its line. It once found the scope gone a moment before the
    /// scope handed the buffer over to it, built a new, empty buffer, and kept that one.
    @Test func flushRacingTheEndOfItsRequestFindsTheRequestsBuffer() {
        var split = 0
        var lost = 0
        for request in 1...5_000 {
            withFreshRoot {
                let request = withDependencies {
                    $0.requestNumber = request
                } operation: {
                    let auditor = DependencyValues.current.requestAuditor
                    auditor.write("request started")
                    let scope = WeakNode()
                    scope.node = DependencyValues.current.storage
                    let values = ConditionLock<DependencyValues?>(DependencyValues.current)
                    return (
                        logger: DependencyValues.current.requestLogger, auditor: auditor, scope: scope, values: values
                    )
                }
                let flushed = ConditionLock<(buffer: LogBuffer, lines: [String])?>(nil)
                let logger = request.logger
                let scope = request.scope
                Thread {
                    while scope.node != nil {}
                    let buffer = logger.buffer
                    flushed.withLockBroadcasting { $0 = (buffer, buffer.all) }
                }.start()
                request.values.withLock { $0 = nil }
                let flush = flushed.waitFor { $0 }
                if flush.buffer !== request.auditor.buffer || logger.buffer !== request.auditor.buffer { split += 1 }
                if flush.lines != ["request started"] { lost += 1 }
            }
        }
        #expect(split == 0)
        #expect(lost == 0)
    }

    /// As above when the root ends: a logger of a root, kept after its test, flushes the moment the root's values go,
    /// and finds the root's buffer, not one of the heir's.
    @Test func flushRacingTheEndOfItsRootFindsTheRootsBuffer() {
        var split = 0
        var lost = 0
        for _ in 1...2_000 {
            let root = WeakRoot()
            let (logger, auditor, values) = withDependencies(DependencyValues._freshRoot(context: .testing)) {
                let auditor = DependencyValues.current.requestAuditor
                auditor.write("test started")
                root.root = DependencyValues.current.storage.root
                return (
                    DependencyValues.current.requestLogger, auditor, ConditionLock<DependencyValues?>(.current)
                )
            }
            let flushed = ConditionLock<(buffer: LogBuffer, lines: [String])?>(nil)
            Thread {
                while root.root != nil {}
                let buffer = logger.buffer
                flushed.withLockBroadcasting { $0 = (buffer, buffer.all) }
            }.start()
            values.withLock { $0 = nil }
            let flush = flushed.waitFor { $0 }
            if flush.buffer !== auditor.buffer || logger.buffer !== auditor.buffer { split += 1 }
            if flush.lines != ["test started"] { lost += 1 }
        }
        #expect(split == 0)
        #expect(lost == 0)
    }
}

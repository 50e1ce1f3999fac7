import Foundation
import Testing

@testable import Ambient

/// Semantics: overrides nest. Nesting scopes costs little stack: each level uses at most five times the stack of a
/// bare task-local nesting, so 2,000 nested scopes run where five times 2,000 bare levels fit. (The benchmark prints
/// what 2,000 levels need in the release build.)
@Suite struct NestingDepthTests {
    enum LevelKey: DependencyKey {
        static var defaultValue: Int { 0 }
    }

    @TaskLocal static var bareLevel = 0

    /// Runs `body` on a thread with a stack of `size` bytes and waits for it to return.
    private static func onThread(stackSize size: Int, _ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = size
        thread.start()
        done.wait()
    }

    /// The address of a local of the frame at `levels` scopes down, minus the one at the top, for each nesting.
    private static func stackUsed(levels: Int, nest: @escaping (Int, () -> Void) -> Void) -> Int {
        var top = 0
        var bottom = 0
        func level(_ remaining: Int) {
            var marker = remaining
            withUnsafeMutablePointer(to: &marker) { pointer in
                let address = Int(bitPattern: pointer)
                if remaining == levels { top = address }
                if remaining == 0 { bottom = address }
            }
            guard remaining > 0 else { return }
            nest(remaining) { level(remaining - 1) }
        }
        level(levels)
        return abs(top - bottom) / levels
    }

    /// What the innermost of `levels` nested scopes reads for `LevelKey`, which each scope sets to its distance from
    /// the bottom (so 1, if each scope's override wins).
    private static func innermostRead(ofNestedScopes levels: Int) -> Int {
        guard levels > 0 else { return DependencyValues.current[LevelKey.self] }
        return withDependencies {
            $0[LevelKey.self] = levels
        } operation: {
            innermostRead(ofNestedScopes: levels - 1)
        }
    }

    @Test func twoThousandNestedScopesRunInFiveTimesTheStackOfTwoThousandBareTaskLocals() {
        let bare = ConditionLock(0)
        Self.onThread(stackSize: 8 * 1024 * 1024) {
            let perLevel = Self.stackUsed(levels: 200) { level, next in Self.$bareLevel.withValue(level) { next() } }
            bare.withLock { $0 = perLevel }
        }
        let deepest = ConditionLock(0)
        Self.onThread(stackSize: 64 * 1024 + 5 * 2_000 * bare.withLock { $0 }) {
            let innermost = Self.innermostRead(ofNestedScopes: 2_000)
            deepest.withLock { $0 = innermost }
        }
        #expect(deepest.withLock { $0 } == 1)
    }

    /// The stack that 2,000 nested scopes run in: 512 KiB in an optimized build. In the release build a level of
    /// `withDependencies` uses 256 bytes of stack, against 199 for a bare task-local (the benchmark's nesting check,
    /// `.build/release/AmbientBenchmarks nesting`), so 2,000 levels need 500 KiB there. An unoptimized build keeps
    /// every frame that optimization folds away, even a bare task-local's (784 bytes a level in debug, 1,531 KiB
    /// for 2,000 levels): there these 2,000 scopes need about 1,330 KiB, and 2,150 KiB under the address sanitizer
    /// (CI runs this suite with it), so the thread gets 3 MiB.
    #if DEBUG
        static let stackForTwoThousandScopes = 3 * 1024 * 1024
    #else
        static let stackForTwoThousandScopes = 512 * 1024
    #endif

    @Test func twoThousandNestedScopesRunOnA512KiBStackInAnOptimizedBuild() {
        let deepest = ConditionLock(0)
        Self.onThread(stackSize: Self.stackForTwoThousandScopes) {
            let innermost = Self.innermostRead(ofNestedScopes: 2_000)
            deepest.withLock { $0 = innermost }
        }
        #expect(deepest.withLock { $0 } == 1)
    }

    /// The asynchronous `withDependencies` nests as deep, wherever it runs: its frames live in the task's own memory,
    /// not on the stack of the thread that runs it.
    @Test func twoThousandNestedAsynchronousScopesReadTheInnermostOverride() async {
        func innermostRead(ofNestedScopes levels: Int) async -> Int {
            guard levels > 0 else { return DependencyValues.current[LevelKey.self] }
            return await withDependencies {
                $0[LevelKey.self] = levels
            } operation: {
                await innermostRead(ofNestedScopes: levels - 1)
            }
        }
        #expect(await innermostRead(ofNestedScopes: 2_000) == 1)
    }

    @Test func eachLevelUsesAtMostFiveTimesTheStackOfABareTaskLocal() {
        let perLevel = ConditionLock((scope: 0, bare: 0))
        Self.onThread(stackSize: 8 * 1024 * 1024) {
            let bare = Self.stackUsed(levels: 200) { level, next in
                Self.$bareLevel.withValue(level) { next() }
            }
            let scope = Self.stackUsed(levels: 200) { level, next in
                withDependencies {
                    $0[LevelKey.self] = level
                } operation: {
                    next()
                }
            }
            perLevel.withLock { $0 = (scope, bare) }
        }
        let (scope, bare) = perLevel.withLock { $0 }
        #expect(scope <= 5 * bare, "\(scope) bytes a level, a bare task-local \(bare)")
    }
}

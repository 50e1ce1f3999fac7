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

    @Test func twoThousandNestedScopesRunInFiveTimesTheStackOfTwoThousandBareTaskLocals() {
        let bare = ConditionLock(0)
        Self.onThread(stackSize: 8 * 1024 * 1024) {
            let perLevel = Self.stackUsed(levels: 200) { level, next in Self.$bareLevel.withValue(level) { next() } }
            bare.withLock { $0 = perLevel }
        }
        let deepest = ConditionLock(0)
        Self.onThread(stackSize: 64 * 1024 + 5 * 2_000 * bare.withLock { $0 }) {
            func nest(_ remaining: Int) {
                guard remaining > 0 else {
                    deepest.withLock { $0 = DependencyValues.current[LevelKey.self] }
                    return
                }
                withDependencies {
                    $0[LevelKey.self] = remaining
                } operation: {
                    nest(remaining - 1)
                }
            }
            nest(2_000)
        }
        #expect(deepest.withLock { $0 } == 1)
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

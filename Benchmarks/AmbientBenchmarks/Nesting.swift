import Ambient
import Foundation

/// A key each level of the nesting check sets.
enum NestingLevelKey: DependencyKey {
    static var defaultValue: Int { 0 }
}

/// A bare task-local, the baseline of the nesting check.
enum BareNesting {
    @TaskLocal static var level = 0
}

/// The stack a level of nesting uses: the distance between a local of the top level and one of the bottom, over
/// `levels`; `nest` runs its second argument inside one level.
func stackPerLevel(levels: Int, _ nest: @escaping (Int, () -> Void) -> Void) -> Int {
    var top = 0
    var bottom = 0
    func level(_ remaining: Int) {
        var marker = remaining
        withUnsafeMutablePointer(to: &marker) { pointer in
            if remaining == levels { top = Int(bitPattern: pointer) }
            if remaining == 0 { bottom = Int(bitPattern: pointer) }
        }
        guard remaining > 0 else { return }
        nest(remaining) { level(remaining - 1) }
    }
    level(levels)
    return abs(top - bottom) / levels
}

/// Prints the stack a level of `withDependencies` uses against a bare task-local's (goal: ≤ 5×), and what 2,000
/// nested scopes need (goal: ≤ 512 KiB), measured on a thread with a large stack.
func runNestingCheck() {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        let bare = stackPerLevel(levels: 200) { level, next in BareNesting.$level.withValue(level) { next() } }
        let scope = stackPerLevel(levels: 200) { level, next in
            withDependencies {
                $0[NestingLevelKey.self] = level
            } operation: {
                next()
            }
        }
        print(
            "nesting: \(scope) bytes of stack a level, a bare task-local \(bare): "
                + "\(format2(Double(scope) / Double(max(bare, 1))))× (goal ≤ 5×); 2,000 nested scopes need "
                + "\(scope * 2_000 / 1_024) KiB (goal ≤ 512 KiB)")
        done.signal()
    }
    thread.stackSize = 8 * 1_024 * 1_024
    thread.start()
    done.wait()
}

/// With the argument `nesting`, runs only the nesting check, then exits.
func runNestingCheckAloneIfAsked() {
    guard CommandLine.arguments.contains("nesting") else { return }
    runNestingCheck()
    exit(0)
}

import Foundation

/// Ends the process, after printing the program and its seed, when one program runs longer than ``timeout``: a hang
/// would otherwise hang CI with no word of which program.
///
/// One timer, on a queue of its own, set again for each program and put off for good when the program ends; its
/// handler holds the program it watches until the next is watched, so nothing outlives that.
final class Watchdog: @unchecked Sendable {
    // Safe: a Dispatch source may be set up from any thread, and `watch(_:seed:)` is called by one program at a time.

    static let shared = Watchdog()
    /// How long a program may run before it is taken for a hang, in seconds: ten times the slowest program seen (seed
    /// 3884 under the thread sanitizer on a loaded machine, up to 28 s), so that a busy machine never ends a run that
    /// would pass; the watchdog only names a hang.
    static let timeout = 300.0

    private let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "AmbientModelChecking.watchdog"))

    /// Watches `program` from now on; `nil` stops watching.
    func watch(_ program: Program?, seed: UInt64) {
        // Put off before its handler changes, so that the handler of a stop never runs.
        timer.schedule(deadline: program == nil ? .distantFuture : .now() + Self.timeout)
        timer.setEventHandler {
            print("seed \(seed): the program below did not end in \(Int(Self.timeout)) s (a hang)\n\(program!)")
            exit(3)
        }
        timer.activate()
    }
}

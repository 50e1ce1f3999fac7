import Foundation

/// Ends the process, after printing the program and its seed, when one program runs longer than ``timeout``: a hang
/// would otherwise hang CI with no word of which program.
///
/// One timer per program, on a queue of its own, cancelled when the program ends, so nothing outlives it.
final class Watchdog: @unchecked Sendable {
    // Safe: `timer` is behind `lock`.

    static let shared = Watchdog()
    /// How long a program may run before it is taken for a hang, in seconds: ten times the slowest program seen (seed
    /// 3884 under the thread sanitizer on a loaded machine, up to 28 s), so that a busy machine never ends a run that
    /// would pass; the watchdog only names a hang.
    static let timeout = 300.0

    private let lock = NSLock()
    private var timer: (any DispatchSourceTimer)?

    /// Watches `program` from now on; `nil` stops watching.
    func watch(_ program: Program?, seed: UInt64) {
        lock.withLock {
            timer?.cancel()
            timer = program.map { program in
                let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "AmbientModelChecking.watchdog"))
                timer.schedule(deadline: .now() + Self.timeout)
                timer.setEventHandler {
                    print("seed \(seed): the program below did not end in \(Int(Self.timeout)) s (a hang)\n\(program)")
                    exit(3)
                }
                timer.resume()
                return timer
            }
        }
    }
}

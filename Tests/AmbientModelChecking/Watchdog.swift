import Foundation

/// Ends the process, after printing the program and its seed, when one program runs longer than ``timeout``: a hang
/// would otherwise hang CI with no word of which program.
///
/// One thread checks once a second; the program is kept only while it runs, so nothing outlives it.
final class Watchdog: @unchecked Sendable {
    // Safe: `watched` is behind `lock`; the thread is started once, under it.

    static let shared = Watchdog()
    /// How long a program may run before it is taken for a hang, in seconds: ten times the slowest program seen (seed
    /// 3884 under the thread sanitizer on a loaded machine, up to 28 s), so that a busy machine never ends a run that
    /// would pass; the watchdog only names a hang.
    static let timeout = 300.0

    private let lock = NSLock()
    private var watched: (program: Program, seed: UInt64, started: Date)?
    private var isStarted = false

    /// Watches `program` from now on; `nil` stops watching.
    func watch(_ program: Program?, seed: UInt64) {
        lock.withLock {
            watched = program.map { ($0, seed, Date()) }
            guard !isStarted else { return }
            isStarted = true
            Thread { [self] in check() }.start()
        }
    }

    private func check() {
        while true {
            Thread.sleep(forTimeInterval: 1)
            let overdue = lock.withLock { () -> (Program, UInt64)? in
                guard let watched, Date().timeIntervalSince(watched.started) > Self.timeout else { return nil }
                return (watched.program, watched.seed)
            }
            guard let (program, seed) = overdue else { continue }
            let text = "seed \(seed): the program below did not end in \(Int(Self.timeout)) s (a hang)\n\(program)\n"
            FileHandle.standardOutput.write(Data(text.utf8))
            exit(3)
        }
    }
}

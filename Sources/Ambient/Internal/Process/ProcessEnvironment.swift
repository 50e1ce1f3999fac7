import Foundation

/// The process facts Ambient reads, and the one place its own output leaves the process.
///
/// NB: POSIX only, like `currentThreadID()`: Ambient builds on Apple platforms and Linux.
package enum ProcessEnvironment {
    static var variables: [String: String] { ProcessInfo.processInfo.environment }
    static var arguments: [String] { ProcessInfo.processInfo.arguments }

    /// Writes `text` to standard error: every line Ambient prints on its own (warnings, late test reports, trace
    /// lines) goes through here.
    ///
    /// A library's diagnostic must never end the program that hosts it, so nothing here can trap or raise a signal:
    /// the bytes go straight to file descriptor 2 with `write(2)` (no `FileHandle`, which traps on a failed write),
    /// an interrupted write is retried, and at the first failure or zero-byte write — standard error closed, a full
    /// device, a pipe nobody reads — the rest is dropped without a word. `SIGPIPE` is held back for the calling
    /// thread while it writes, so a broken pipe fails the write instead of killing a process that did not ignore it.
    ///
    /// Text echoed from outside Ambient must be made visible with ``VisibleText`` before it gets here.
    package static func writeToStandardError(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            withSIGPIPEHeldBack {
                var (next, remaining) = (UnsafeRawPointer(bytes.baseAddress), bytes.count)
                while remaining > 0, let start = next {
                    let written = write(2, start, remaining)
                    if written < 0, errno == EINTR { continue }
                    guard written > 0 else { return }
                    (next, remaining) = (start + written, remaining - written)
                }
            }
        }
    }

    /// Runs `body` with `SIGPIPE` blocked on this thread, then discards a `SIGPIPE` that `body` raised (one that was
    /// pending before is left for its owner).
    private static func withSIGPIPEHeldBack(_ body: () -> Void) {
        var pipeOnly = sigset_t()
        sigemptyset(&pipeOnly)
        sigaddset(&pipeOnly, SIGPIPE)
        var previousMask = sigset_t()
        guard pthread_sigmask(SIG_BLOCK, &pipeOnly, &previousMask) == 0 else { return body() }
        defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }
        let isPending = {
            var pending = sigset_t()
            return sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE) == 1
        }
        let wasPending = isPending()
        let wasBlocked = sigismember(&previousMask, SIGPIPE) == 1
        body()
        guard !wasPending, !wasBlocked, isPending() else { return }
        // The write raised it and it is pending for this thread: take it, so unblocking does not deliver it.
        var taken: Int32 = 0
        _ = sigwait(&pipeOnly, &taken)
    }
}

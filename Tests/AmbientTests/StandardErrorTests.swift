import Foundation
import Testing

@testable import Ambient

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Semantics: the host survives diagnostics. A write of Ambient's own output that fails is dropped, and the process
/// goes on. Each case breaks standard error in a child process, writes, and must then exit normally (a trap would end
/// it with SIGILL).
@Suite struct StandardErrorTests {
    @Test func writeToAFullDeviceIsDropped() async {
        await #expect(processExitsWith: .success) {
            let full = open("/dev/full", O_WRONLY)
            guard full >= 0, dup2(full, 2) == 2 else { exit(3) }
            ProcessEnvironment.writeToStandardError("Ambient: nowhere to go\n")
            exit(0)
        }
    }

    @Test func writeToAClosedStandardErrorIsDropped() async {
        await #expect(processExitsWith: .success) {
            close(2)
            ProcessEnvironment.writeToStandardError("Ambient: nowhere to go\n")
            exit(0)
        }
    }

    @Test func writeToABrokenPipeIsDroppedWhenSIGPIPEIsIgnored() async {
        await #expect(processExitsWith: .success) {
            signal(SIGPIPE, SIG_IGN)
            exit(StandardErrorTests.writeToABrokenPipe())
        }
    }

    @Test func writeToABrokenPipeIsDroppedWhenSIGPIPEWouldEndTheProcess() async {
        await #expect(processExitsWith: .success) {
            signal(SIGPIPE, SIG_DFL)
            exit(StandardErrorTests.writeToABrokenPipe())
        }
    }

    /// Points standard error at a pipe nobody reads and writes to it; returns the child's exit status: 0 when the
    /// write returned and left no `SIGPIPE` waiting to be delivered.
    ///
    /// NB: a plain pipe, not one closed on exec: it is made in the exit test's child, which starts no process of its
    /// own, so no other program can inherit its ends, and nothing waits to read it.
    static func writeToABrokenPipe() -> Int32 {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0, close(ends[0]) == 0, dup2(ends[1], 2) == 2 else { return 3 }
        ProcessEnvironment.writeToStandardError(String(repeating: "Ambient: nobody reads this\n", count: 10_000))
        var pending = sigset_t()
        sigpending(&pending)
        return sigismember(&pending, SIGPIPE) == 1 ? 4 : 0
    }

    @Test func everyByteOfALongTextIsWritten() async {
        let text = String(repeating: "Ambient: a long line that needs more than one write to a pipe.\n", count: 4_000)
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            ProcessEnvironment.writeToStandardError(
                String(repeating: "Ambient: a long line that needs more than one write to a pipe.\n", count: 4_000))
            exit(0)
        }
        #expect(result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } == text)
    }
}

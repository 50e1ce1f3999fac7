import Foundation
import Testing

import TodosTestSupport

/// The test support that runs the real `todos`: it reports what the run printed, however much, without waiting for
/// its kill.
@Suite struct TodosProcessTests {
    /// A run that writes more to standard error than a pipe holds (64 KiB) before it ends its standard output: a
    /// reader that waits for the end of standard output first leaves the run blocked on its full standard-error pipe
    /// until the kill (`wasKilled`, after a minute).
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aRunThatFillsItsStandardErrorPipeEndsAndIsReadWhole() async throws {
        let size = 200_000
        // NB: on a Dispatch thread, so that the wait for the child never holds a thread of the task pool.
        let result = try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                var process = TodosProcess(arguments: ["help"])
                process.setup = "head -c \(size) /dev/zero | tr '\\000' x >&2"
                continuation.resume(with: Result { try process.run() })
            }
        }
        #expect(!result.wasKilled && result.status == 0, "killed: \(result.wasKilled), status \(result.status)")
        #expect(result.errorOutput == String(repeating: "x", count: size), "\(result.errorOutput.count) characters")
        #expect(result.output.contains("todos"))
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard input, output and error, written to with `write(2)` so that a closed or full stream is an error the
/// program reports, not a crash.
///
/// `FileHandle.write(_:)` traps when a write fails, which killed `todos list >&-` and `todos list > /dev/full` after
/// their save had already stood.
///
/// ```swift
/// let streams = StandardStreams.reserveClosedStreams()
/// if let reason = streams.writeOutput("done\n") { StandardStreams.writeError("error: \(reason)\n") }
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public struct StandardStreams {
    /// Whether standard output was closed when the program started.
    private let outputWasClosed: Bool

    /// Puts `/dev/null` on each of the three standard descriptors that the program was started without.
    ///
    /// A closed descriptor is the lowest free one, so the next file the program opens — the todos file, its lock —
    /// would get it, and text meant for standard output would be written into that file. Holding the place with
    /// `/dev/null` prevents that; a closed standard output is still reported when the output is written.
    ///
    /// - Returns: The streams, which remember whether standard output was closed.
    public static func reserveClosedStreams() -> StandardStreams {
        var outputWasClosed = false
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let null = open("/dev/null", O_RDWR)
            if null >= 0 && null != descriptor {
                dup2(null, descriptor)
                close(null)
            }
            if descriptor == 1 { outputWasClosed = true }
        }
        // A reader that went away (`todos list | head -1`) is a write error like another, not a silent death.
        signal(SIGPIPE, SIG_IGN)
        // A write past the file size limit (`ulimit -f`) is `EFBIG`, a failed save that says why, instead of a death
        // by `SIGXFSZ` that leaves a temporary file behind.
        signal(SIGXFSZ, SIG_IGN)
        return StandardStreams(outputWasClosed: outputWasClosed)
    }

    /// Writes `text` to standard output.
    ///
    /// - Parameter text: What to write.
    /// - Returns: Why it could not be written, or `nil` when it was.
    public func writeOutput(_ text: String) -> String? {
        if outputWasClosed && !text.isEmpty {
            return String(cString: strerror(EBADF))
        }
        return Self.send(text, to: 1)
    }

    /// Writes the output of a run, then its errors, and ends the process: with `status`, or with `1` when the output
    /// could not be written, which is reported.
    ///
    /// - Parameters:
    ///   - output: What goes to standard output.
    ///   - errorOutput: What goes to standard error.
    ///   - status: The exit status when the output was written.
    public func exit(output: String, errorOutput: String, status: Int32) -> Never {
        var status = status
        if let reason = writeOutput(output) {
            Self.writeError("error: cannot write to standard output (\(reason)).\n")
            status = max(status, 1)
        }
        Self.writeError(errorOutput)
        Foundation.exit(status)
    }

    /// Writes `text` to standard error, as well as it can: there is nowhere left to report a failure.
    ///
    /// - Parameter text: What to write.
    public static func writeError(_ text: String) {
        _ = Self.send(text, to: 2)
    }

    private static func send(_ text: String, to descriptor: Int32) -> String? {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            bytes = bytes.dropFirst(written)
        }
        return nil
    }
}

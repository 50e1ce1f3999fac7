public import Foundation
import TodosCore

/// The real `todos` executable, run as a child process: what a user's shell does.
///
/// It is found beside the test bundle (SwiftPM builds both into the same folder, and the test target depends on the
/// executable). Each run gets a small environment of its own, never the test runner's, so that nothing the runner
/// sets (XCTest variables, `AMBIENT_CONTEXT`) leaks in unless a test passes it on purpose.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public struct TodosProcess {
    /// What a finished run printed and how it ended.
    public struct Result: Sendable {
        /// The exit status.
        public var status: Int32
        /// Whether the process ended by a signal (a crash) rather than by exiting.
        public var wasKilled: Bool
        /// What it wrote on standard output.
        public var output: String
        /// What it wrote on standard error.
        public var errorOutput: String
    }

    /// The built `todos` executable.
    public static let executable: URL = {
        let starts =
            [Bundle.main.bundleURL, URL(filePath: CommandLine.arguments[0])]
            + Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
        for start in starts {
            var folder = start.deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = folder.appending(component: "todos")
                if FileManager.default.isExecutableFile(atPath: candidate.path(percentEncoded: false)) {
                    return candidate
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        fatalError("the todos executable was not found beside the test bundle (\(starts))")
    }()

    /// Whether ``defaultSignals`` can be used here: GNU `env` sets signals back to their default action.
    public static let resetsSignals: Bool = {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = ["--default-signal=XFSZ", "true"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// Whether runs that must feel file permissions go through `setpriv` to user `nobody`: root ignores permissions.
    public static var dropsPrivileges: Bool { geteuid() == 0 }

    /// The arguments, without the program name.
    public var arguments: [String]
    /// Variables added to the run's own small environment (`PATH` and `LANG`).
    public var environment: [String: String] = [:]
    /// A shell redirection applied to the executable's standard output, such as `>&-` or `>/dev/full`.
    public var redirection: String?
    /// Shell commands run just before the executable, in the shell that then becomes it: `ulimit -f 0`, or
    /// `set -- "$@" "$(printf 'A\377')"` to pass an argument of bytes that are not UTF-8, which `Process` cannot.
    public var setup: String?
    /// The folder the process starts in; the test runner's unless given.
    public var directory: URL?
    /// Signals set back to their default action for the process, as a user's shell starts it: the test runner may
    /// ignore some (`SIGXFSZ`), and an ignored signal stays ignored across `exec`. Needs GNU `env`
    /// (``resetsSignals``).
    public var defaultSignals: [String] = []
    /// Whether to run as an unprivileged user, so that permissions apply.
    public var unprivileged = false
    /// Seconds after which a run that has not ended is killed (``Result/wasKilled``): a hang fails the test, never
    /// the test run.
    public var timeout: TimeInterval = 60

    /// A run of `todos` with `arguments`, and `environment` added to its own.
    ///
    /// - Parameters:
    ///   - arguments: The arguments, without the program name.
    ///   - environment: Variables to set for the run.
    public init(arguments: [String], environment: [String: String] = [:]) {
        self.arguments = arguments
        self.environment = environment
    }

    /// Starts the process; call ``finish(_:)`` with what it returns.
    public func start() throws -> (Process, Pipe, Pipe) {
        let process = Process()
        var command = [Self.executable.path(percentEncoded: false)] + arguments
        if !defaultSignals.isEmpty {
            command = ["/usr/bin/env", "--default-signal=\(defaultSignals.joined(separator: ","))"] + command
        }
        if redirection != nil || setup != nil {
            let script = (setup.map { "\($0); " } ?? "") + "exec \"$0\" \"$@\" \(redirection ?? "")"
            command = ["/bin/sh", "-c", script] + command
        }
        if unprivileged && Self.dropsPrivileges {
            command = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"] + command
        }
        process.executableURL = URL(filePath: command[0])
        process.arguments = Array(command.dropFirst())
        var variables = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8"]
        variables.merge(environment) { _, new in new }
        process.environment = variables
        process.currentDirectoryURL = directory
        let output = Pipe.closedOnExec()
        let error = Pipe.closedOnExec()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        return (process, output, error)
    }

    /// Waits for a started process and collects what it printed.
    public static func finish(_ started: (Process, Pipe, Pipe)) -> Result {
        let (process, output, error) = started
        // Standard error is read on another thread meanwhile: a run that fills one pipe while this thread waits for
        // the end of the other would otherwise block until the kill.
        let errorRead = DispatchGroup()
        let collected = Locked(Data())
        DispatchQueue.global().async(group: errorRead) {
            let data = error.fileHandleForReading.readDataToEndOfFile()
            collected.withLock { $0 = data }
        }
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        errorRead.wait()
        let complained = collected.withLock { $0 }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            wasKilled: process.terminationReason == .uncaughtSignal,
            output: String(decoding: printed, as: UTF8.self),
            errorOutput: String(decoding: complained, as: UTF8.self)
        )
    }

    /// Runs the process to the end, or kills it after ``timeout``.
    public func run() throws -> Result {
        let started = try start()
        let identifier = started.0.processIdentifier
        let finished = Locked(false)
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            // Under the lock, so that a process already waited for (whose identifier may be reused) is never killed.
            finished.withLock { finished in
                if !finished { kill(identifier, SIGKILL) }
            }
        }
        let result = Self.finish(started)
        finished.withLock { $0 = true }
        return result
    }
}

extension Pipe {
    /// A pipe whose ends are closed in every program this process starts, except where that program's standard
    /// stream is set to one of them.
    ///
    /// A plain `Pipe`'s descriptors are inherited by any child another thread starts meanwhile (an exit test's child
    /// among them), and a child that holds the write end keeps this process's read waiting for the end of the output
    /// after the writer itself exited: for as long as that other child lives, which may be until this reader's
    /// thread is free again.
    static func closedOnExec() -> Pipe {
        let pipe = Pipe()
        for descriptor in [pipe.fileHandleForReading.fileDescriptor, pipe.fileHandleForWriting.fileDescriptor] {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        return pipe
    }
}

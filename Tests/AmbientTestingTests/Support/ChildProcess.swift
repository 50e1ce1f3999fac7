import Dispatch
import Foundation
import Testing
import XCTest

/// A program run as a child process, to see how it ends when something in it must fail or must not crash: this test
/// binary itself, running one fixture test, or the `todos` example.
struct ChildProcess {
    /// What a finished run printed, its exit status, and whether a signal (a crash) ended it instead.
    struct Result: Sendable {
        var output, errorOutput: String
        var status: Int32
        var wasKilled: Bool

        /// The outcome, for a failed expectation's message.
        var summary: String {
            "status \(status)\(wasKilled ? " (killed)" : ""); output:\n\(output)\nerror output:\n\(errorOutput)"
        }
    }

    var executable: String
    var arguments: [String] = []
    /// Variables added to this process's own environment.
    var environment: [String: String] = [:]
    /// Whether to start from an empty environment (`PATH` and `LANG` only) rather than this process's.
    var startsFromAnEmptyEnvironment = false
    /// A shell command that runs the program in its place, where `"$0" "$@"` is the program and its arguments: such
    /// as `exec "$0" "$@" 2>/dev/full`.
    var shell: String?
    /// What the child's standard error is, when not a pipe that this process reads.
    var standardError: FileHandle?

    /// Runs the program to its end.
    func run() throws -> Result {
        let process = Process()
        if let shell {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", shell, executable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
        let inherited = ProcessInfo.processInfo.environment
        var variables =
            startsFromAnEmptyEnvironment
            ? ["PATH": inherited["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8"]
            // NB: Swift Testing passes its own state to exit tests' children through `SWT_` variables.
            : inherited.filter { !$0.key.hasPrefix("SWT_") }
        variables.merge(environment) { _, new in new }
        // NB: under CI's address sanitizer the child is instrumented too; its leak check would fail runs that these
        // tests expect to pass (swift-corelibs-xctest leaks its test runs at exit), and leaks are not what they check.
        variables["ASAN_OPTIONS"] = (inherited["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "detect_leaks=0"
        process.environment = variables
        let output = Pipe.closedOnExec()
        let error = Pipe.closedOnExec()
        process.standardOutput = output
        process.standardError = standardError ?? error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Both pipes are drained at once, so that a child that fills one is never blocked on it.
        let complained = Collected()
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            complained.data = standardError == nil ? error.fileHandleForReading.readDataToEndOfFile() : Data()
            drained.signal()
        }
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        return Result(
            output: String(decoding: printed, as: UTF8.self),
            errorOutput: String(decoding: complained.data, as: UTF8.self),
            status: process.terminationStatus,
            wasKilled: process.terminationReason == .uncaughtSignal
        )
    }
}

extension ChildProcess {
    /// Runs the program to its end on a Dispatch thread, so that the seconds a child takes never hold one of the few
    /// threads that run every test's tasks (tests that wait for work on those threads would stall meanwhile).
    func runOffTheCooperativePool() async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Swift.Result { try run() }) }
        }
    }
}

/// Bytes read on another thread, handed back after a semaphore.
private final class Collected: @unchecked Sendable {
    // Safe: written once on the reading thread before the semaphore is signalled, read after it was waited for.
    var data = Data()
}

/// This test binary, run again as a child to run one fixture test of its own and report how that test ended.
///
/// A fixture runs only when `AMBIENT_FIXTURE` names it (see ``Fixture``), so in an ordinary run it does not; a test
/// here runs it in a child process and checks the child's outcome, so that a fixture may fail on purpose.
enum TestBinary {
    /// The binary, when it is an executable that runs its own tests: `swift test` on Linux runs
    /// `<Package>PackageTests.xctest` directly. On macOS it is a bundle loaded by a runner, which these tests do
    /// not drive.
    static var path: String? {
        let path = CommandLine.arguments[0]
        guard path.hasSuffix(".xctest"), FileManager.default.isExecutableFile(atPath: path) else { return nil }
        return path
    }

    /// Whether fixtures can be run in a child.
    static var canRunFixtures: Bool { path != nil }

    /// Runs the Swift Testing fixture `name`, a test function of `suite`, in a child.
    static func runSwiftTesting(_ suite: String, _ name: String) async throws -> ChildProcess.Result {
        try await child(["--testing-library", "swift-testing", "--filter", "\(suite)/\(name)"], fixture: name)
            .runOffTheCooperativePool()
    }

    /// Runs every test of the Swift Testing fixture suite `suite` in a child, with `environment` added to its own.
    static func runSwiftTesting(
        suite: String,
        environment: [String: String] = [:]
    ) async throws -> ChildProcess.Result {
        var child = child(["--testing-library", "swift-testing", "--filter", "\(suite)/"], fixture: suite)
        child.environment.merge(environment) { _, new in new }
        return try await child.runOffTheCooperativePool()
    }

    /// Runs the XCTest fixture class `name` (every method of it) in a child.
    static func runXCTest(_ name: String) async throws -> ChildProcess.Result {
        try await child(["AmbientTestingTests.\(name)"], fixture: name).runOffTheCooperativePool()
    }

    private static func child(_ arguments: [String], fixture: String) -> ChildProcess {
        ChildProcess(
            executable: path ?? "", arguments: arguments, environment: [Fixture.variable: fixture])
    }
}

/// The fixture a child run of the test binary is asked to run.
enum Fixture {
    static let variable = "AMBIENT_FIXTURE"

    /// Whether this process runs the fixture `name`.
    static func isSelected(_ name: String) -> Bool {
        ProcessInfo.processInfo.environment[variable] == name
    }

    /// Whether this process runs the XCTest fixture class of `testCase`. A fixture class overrides `perform(_:)` to
    /// run its methods only then, so that elsewhere they neither run nor show as skipped tests:
    ///
    ///     override func perform(_ run: XCTestRun) { if Fixture.isSelected(self) { super.perform(run) } }
    static func isSelected(_ testCase: XCTestCase) -> Bool {
        isSelected(String(describing: type(of: testCase)))
    }

    /// The trait of a Swift Testing fixture `name` (a test or a suite): it runs only in the child that names it, and
    /// an ordinary run says that it is a fixture rather than a skipped test.
    static func only(_ name: String) -> ConditionTrait {
        .enabled(if: isSelected(name), "a fixture, run only in a child process by the test that checks it")
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

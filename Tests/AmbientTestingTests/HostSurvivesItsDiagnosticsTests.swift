import Foundation
import Testing

/// Semantics: the host survives diagnostics. The `todos` example, which links Ambient and not AmbientTesting, is run
/// with an unknown `AMBIENT_CONTEXT` — so Ambient warns as it starts — and a standard error that cannot be written. The
/// warning is dropped, the process lives, and the todo it was asked to add is saved.
@Suite(.enabled(if: Todos.executable != nil, "needs the todos executable beside the test binary"))
struct HostSurvivesItsDiagnosticsTests {
    /// How standard error is broken: a shell redirection, or a pipe nobody reads.
    enum BrokenStandardError: String, CaseIterable, Sendable {
        case fullDevice = "exec \"$0\" \"$@\" 2>/dev/full"
        case closed = "exec \"$0\" \"$@\" 2>&-"
        case brokenPipeWithSIGPIPEIgnored = "trap '' PIPE; exec \"$0\" \"$@\""
    }

    @Test(arguments: BrokenStandardError.allCases)
    func addStillSavesWhenTheWarningCannotBeWritten(_ broken: BrokenStandardError) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ambient-host-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var add = Todos.run(["add", "Water the plants"], in: folder)
        add.shell = broken.rawValue
        if broken == .brokenPipeWithSIGPIPEIgnored {
            // NB: closed on exec, so that no other child started meanwhile (an exit test's) holds its write end.
            let unread = Pipe.closedOnExec()
            try unread.fileHandleForReading.close()
            add.standardError = unread.fileHandleForWriting
        }
        let added = try await add.runOffTheCooperativePool()
        #expect(added.status == 0 && !added.wasKilled, "\(added.summary)")
        #expect(added.output == "Added 1. Water the plants\n", "\(added.summary)")
        let listed = try await Todos.run(["list"], in: folder).runOffTheCooperativePool()
        #expect(listed.output.contains("Water the plants"), "\(listed.summary)")
    }

    @Test func theWarningSaysWhatWasIgnoredWhenItCanBeWritten() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ambient-host-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        var run = Todos.run(["help"], in: folder)
        run.environment["AMBIENT_CONTEXT"] = "bogus\u{1B}[2J"
        let result = try await run.runOffTheCooperativePool()
        #expect(result.status == 0, "\(result.summary)")
        #expect(result.errorOutput.hasPrefix(#"Ambient: AMBIENT_CONTEXT="bogus\e[2J" is not a dependency context."#))
    }
}

/// The `todos` example program, built beside this test binary.
enum Todos {
    static var executable: String? {
        let candidate = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("todos").path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }

    /// `todos arguments` on the data folder `folder`, with `AMBIENT_CONTEXT=bogus` and nothing else of this
    /// process's environment.
    static func run(_ arguments: [String], in folder: URL) -> ChildProcess {
        ChildProcess(
            executable: executable ?? "", arguments: ["--data-dir", folder.path] + arguments,
            environment: ["AMBIENT_CONTEXT": "bogus"], startsFromAnEmptyEnvironment: true)
    }
}

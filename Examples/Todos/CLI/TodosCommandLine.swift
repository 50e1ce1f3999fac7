import Ambient
import Foundation
import TodosCore
import TodosFileStorage

/// The `todos` program: parses the arguments, sets up the dependencies they ask for, and runs the command.
///
/// It is the whole program except printing, so tests run it with any arguments and environment in a fresh root of
/// any context.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
enum TodosCommandLine {
    /// The line printed on standard error when another `todos` holds the data files' lock for a while.
    nonisolated static let waitingNotice = "waiting for another todos process…\n"

    /// Runs `todos` as the process: prints the outcome, then exits with its status.
    ///
    /// - Parameter arguments: The arguments, without the program name; the process's own unless given, refused
    ///   (exit status 2) when one is not UTF-8 (`ProcessText`).
    static func main(_ arguments: [String]? = nil) -> Never {
        let streams = StandardStreams.reserveClosedStreams()
        let outcome: Outcome
        switch arguments.map({ .success($0) }) ?? ProcessText.arguments() {
        case .success(let arguments):
            let undecodable = ProcessText.undecodableVariables(among: DataFolderVariables.names)
            outcome = run(arguments, undecodableVariables: undecodable) { _ in
                StandardStreams.writeError(waitingNotice)
            }
        case .failure(let error):
            outcome = .usage(UsageError(error))
        }
        var status = outcome.status
        if let reason = streams.writeOutput(outcome.output) {
            StandardStreams.writeError("error: cannot write to standard output (\(reason)).\n")
            status = max(status, 1)
        }
        StandardStreams.writeError(outcome.errorOutput)
        exit(status)
    }

    /// Runs `todos` with `arguments` (without the program name) in the current dependencies.
    ///
    /// Everything the outcome holds is printable: control characters in titles, paths and arguments are escapes.
    ///
    /// - Parameters:
    ///   - arguments: The arguments, without the program name.
    ///   - environment: The variables that `todos` reads: `TODOS_DATA_DIR`, `XDG_DATA_HOME`, `HOME`,
    ///     `TODOS_ALLOW_SHARED_FOLDER` and the lock timings.
    ///   - undecodableVariables: The variables of `DataFolderVariables.names` whose bytes are not UTF-8, each with
    ///     its value as a message shows it; a command whose data folder one of them would choose is refused.
    ///   - onWait: Called once when the data files' lock has been busy for the notice time.
    static func run(
        _ arguments: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        undecodableVariables: [String: String] = [:],
        onWait: @escaping @Sendable (_ lockPath: String) -> Void = { _ in }
    ) -> Outcome {
        outcome(of: arguments, environment: environment, undecodable: undecodableVariables, onWait: onWait).visible
    }

    private static func outcome(
        of arguments: [String],
        environment: [String: String],
        undecodable: [String: String],
        onWait: @escaping @Sendable (_ lockPath: String) -> Void
    ) -> Outcome {
        let invocation: Invocation
        let locking: FileLocking
        do {
            invocation = try CommandParser.parse(arguments)
        } catch {
            return .usage(error)
        }
        do {
            locking = try LockTimings.locking(environment: environment, onWait: onWait)
        } catch {
            return .usage(UsageError(error))
        }
        return withDependencies { values in
            if let directory = invocation.dataDirectory {
                // The todo storage below is built from `todosDirectory`, so this override moves it too.
                values.todosDirectory = URL(filePath: directory, directoryHint: .isDirectory)
            }
        } operation: {
            var dependencies = DependencyValues.current
            if invocation.dataDirectory == nil, invocation.command.usesData,
                let problem = DataFolderVariables.problem(
                    in: dependencies.context, environment: environment, undecodable: undecodable)
            {
                return .usage(UsageError(problem))
            }
            let folder: URL
            switch dependencies.context {
            case .preview, .testing:
                // These contexts keep their data in memory, where a change would be dropped at exit: only a folder
                // named on purpose makes them use files.
                guard let explicit = explicitFolder(invocation, environment) else {
                    if invocation.command.changesData {
                        let refusal = InMemoryContext.refusal(in: dependencies.context, environment: environment)
                        return Outcome(errorOutput: "error: \(refusal.message)\n", status: 2)
                    }
                    return Runner(dependencies: dependencies, settingsFile: nil).run(invocation.command)
                }
                folder = explicit
                // The folder is real, so the todos saved there need real identifiers and dates: counting from zero
                // in each process would give the second todo added the first one's identifier.
                dependencies.uuid = .live
                dependencies.date = .live
            case .default:
                folder = dependencies.todosDirectory
            }
            let allowsSharing = SharedFolderPolicy.allowsSharing(environment)
            var warning = ""
            if !allowsSharing, invocation.command.usesData, let problem = SharedFolder.problem(of: folder) {
                if invocation.command.changesData { return .failure(SharedFolderPolicy.refusal(problem)) }
                warning = SharedFolderPolicy.warning(problem)
            }
            dependencies.todoStorage = .file(
                at: folder.appending(component: "todos.json"), locking: locking, allowsSharedFolder: allowsSharing)
            let settings = SettingsFile(
                url: folder.appending(component: "settings.json"), locking: locking, allowsSharedFolder: allowsSharing)
            var outcome = Runner(dependencies: dependencies, settingsFile: settings).run(invocation.command)
            outcome.errorOutput = warning + outcome.errorOutput
            return outcome
        }
    }

    /// The data folder the user named: `--data-dir`, else a non-empty `TODOS_DATA_DIR`.
    private static func explicitFolder(_ invocation: Invocation, _ environment: [String: String]) -> URL? {
        let named = invocation.dataDirectory ?? environment[TodosDirectory.variable].flatMap { $0.isEmpty ? nil : $0 }
        return named.map { URL(filePath: $0, directoryHint: .isDirectory) }
    }
}

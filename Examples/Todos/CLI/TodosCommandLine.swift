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
        streams.exit(output: outcome.output, errorOutput: outcome.errorOutput, status: outcome.status)
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
        do {
            invocation = try CommandParser.parse(arguments)
        } catch {
            return .usage(error)
        }
        return withDependencies { values in
            if let directory = invocation.dataDirectory {
                // The files below are chosen from `todosDirectory`, so this override moves them too.
                values.todosDirectory = URL(filePath: directory, directoryHint: .isDirectory)
            }
        } operation: {
            var dependencies = DependencyValues.current
            let choice = CommandLineFiles.choose(
                in: dependencies.context, dataDirectory: invocation.dataDirectory,
                liveFolder: dependencies.todosDirectory, reads: invocation.command.usesData,
                changes: invocation.command.changesData, environment: environment, undecodable: undecodable,
                onWait: onWait)
            switch choice {
            case .badInput(let problem):
                return .usage(UsageError(problem))
            case .refused(let message, let status):
                return Outcome(errorOutput: "error: \(message)\n", status: status)
            case .inMemory:
                return Runner(dependencies: dependencies, settingsFile: nil).run(invocation.command)
            case .files(let todos, let settings, let warning):
                dependencies.todoStorage = todos
                if dependencies.context != .default {
                    // A folder named on purpose is real: the todos saved there need real identifiers and dates.
                    dependencies.uuid = .live
                    dependencies.date = .live
                }
                var outcome = Runner(dependencies: dependencies, settingsFile: settings).run(invocation.command)
                outcome.errorOutput = warning + outcome.errorOutput
                return outcome
            }
        }
    }
}

import Ambient
import Foundation
import TodosCore
import TodosFileStorage

/// The `todos` program: parses the arguments, sets up the dependencies they ask for, and runs the command. Tests run
/// it with any arguments and environment, in a root of any context.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
enum TodosCommandLine {
    /// The line printed on standard error when another `todos` holds the data files' lock for a while.
    nonisolated static let waitingNotice = "waiting for another todos process…\n"

    /// Runs `todos` as the process, on `arguments` or the process's own: prints the outcome, exits with its status.
    static func main(_ arguments: [String]? = nil) -> Never {
        let streams = StandardStreams.reserveClosedStreams()
        let outcome: Outcome
        switch arguments.map({ .success($0) }) ?? ProcessText.arguments() {
        case .success(let arguments):
            let (arguments, scenario) = TodosScenarios.prepare(arguments)
            let undecodable = ProcessText.undecodableVariables(among: DataFolderVariables.names)
            outcome = run(arguments, scenario: scenario, undecodableVariables: undecodable) { _ in
                StandardStreams.writeError(waitingNotice)
            }
        case .failure(let error):
            outcome = .usage(UsageError(error))
        }
        streams.exit(output: outcome.output, errorOutput: outcome.errorOutput, status: outcome.status)
    }

    /// Runs `todos` with `arguments` (without the program name) in the current dependencies; everything the outcome
    /// holds is printable. `scenario` is the one the process was prepared with (its todos are in memory, no file is
    /// used), `undecodableVariables` are the data folder's variables that are not UTF-8, and `onWait` is called when
    /// another process holds the lock for a while.
    static func run(
        _ arguments: [String],
        scenario: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        undecodableVariables: [String: String] = [:],
        onWait: @escaping @Sendable (_ lockPath: String) -> Void = { _ in }
    ) -> Outcome {
        outcome(
            of: arguments, scenario: scenario, environment: environment, undecodable: undecodableVariables,
            onWait: onWait
        ).visible
    }

    private static func outcome(
        of arguments: [String],
        scenario: String?,
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
        if let scenario {
            var outcome = Runner(dependencies: .current, settingsFile: nil).run(invocation.command)
            outcome.output += TodosScenarios.note(scenario)
            return outcome
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

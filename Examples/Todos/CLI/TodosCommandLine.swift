import Ambient
import Foundation
import TodosCore

/// The `todos` program: parses the arguments, sets up the dependencies they ask for, and runs the command.
///
/// It is the whole program except printing, so tests run it with any arguments in a fresh root of any context.
@MainActor
enum TodosCommandLine {
    /// Runs `todos` as the process: prints the outcome, then exits with its status.
    static func main(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        let outcome = run(arguments)
        FileHandle.standardOutput.write(Data(outcome.output.utf8))
        FileHandle.standardError.write(Data(outcome.errorOutput.utf8))
        exit(outcome.status)
    }

    /// Runs `todos` with `arguments` (without the program name) in the current dependencies.
    static func run(_ arguments: [String]) -> Outcome {
        let invocation: Invocation
        do {
            invocation = try CommandParser.parse(arguments)
        } catch {
            return .usage(error)
        }
        return withDependencies { values in
            if let directory = invocation.dataDirectory {
                // The live todo storage is built from `todosDirectory`, so this override moves it too.
                values.todosDirectory = URL(filePath: directory, directoryHint: .isDirectory)
            }
        } operation: {
            var dependencies = DependencyValues.current
            guard dependencies.context == .default else {
                // Previews and tests keep the in-memory stores of their context: nothing touches the disk.
                return Runner(dependencies: dependencies).run(invocation.command)
            }
            // Live settings sit beside the todos, so that `--data-dir` moves them too.
            let settingsFile = UserDefaults.settingsFile(in: dependencies.todosDirectory)
            defer { settingsFile.synchronize() }
            dependencies.keyValueStore = KeyValueStore(userDefaults: settingsFile)
            return Runner(dependencies: dependencies).run(invocation.command)
        }
    }
}

extension UserDefaults {
    /// The settings of the command-line app: `settings.plist` in `folder`, created when a setting changes.
    fileprivate static func settingsFile(in folder: URL) -> UserDefaults {
        // NB: a suite name that is an absolute path names the property list file itself (without `.plist`).
        let path = folder.appending(component: "settings").path(percentEncoded: false)
        return UserDefaults(suiteName: path) ?? .standard
    }
}

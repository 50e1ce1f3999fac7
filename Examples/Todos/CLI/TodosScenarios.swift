import Ambient
import TodosCore

/// The scenarios `todos` can start on, for tests of the whole program: `todos --scenario samples list`, or
/// `AMBIENT_SCENARIO=samples todos list`. A scenario keeps the todos in memory: nothing is read from or written to
/// disk, and changes are gone when the process exits.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
enum TodosScenarios {
    /// Each scenario's overrides, by name.
    static var all: [String: (inout DependencyValues) -> Void] {
        [
            "empty": {
                $0.todoStorage = .inMemory()
                $0.keyValueStore = .inMemory()
            },
            "samples": {
                $0.todoStorage = .inMemory(Todo.samples)
                $0.keyValueStore = .inMemory()
            },
        ]
    }

    /// Prepares the process's dependencies with the scenario that `--scenario NAME` (or `--scenario=NAME`,
    /// `-AmbientScenario NAME`, `AMBIENT_SCENARIO=NAME`) names; stops the process on a name that is not in ``all``.
    ///
    /// - Parameter arguments: The arguments, without the program name.
    /// - Returns: The arguments without the scenario's option and name, and the scenario applied, if any.
    static func prepare(_ arguments: [String]) -> (arguments: [String], scenario: String?) {
        var remaining = arguments
        var named: String?
        let options = ["--scenario", LaunchScenario.argument]
        if let index = remaining.firstIndex(where: { options.contains($0) || $0.hasPrefix("--scenario=") }) {
            let option = remaining.remove(at: index)
            named = option.hasPrefix("--scenario=") ? String(option.dropFirst("--scenario=".count)) : nil
            if named == nil {
                // A missing name is a name no scenario has: the process stops and lists the known ones.
                named = remaining.indices.contains(index) ? remaining.remove(at: index) : ""
            }
        }
        let applied = prepareDependencies(scenarios: all, named: named ?? LaunchScenario.name(arguments: []))
        return (remaining, applied)
    }

    /// The line after the output of a command that ran on `scenario`.
    static func note(_ scenario: String) -> String {
        "(Scenario \(scenario): data in memory. Nothing was read from or written to disk.)\n"
    }
}

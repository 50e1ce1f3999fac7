public import Foundation

/// Where the todos live on disk by default: the rules, as a pure function of the environment.
///
/// The first that is set wins: `TODOS_DATA_DIR`; then `$XDG_DATA_HOME/todos`; then `~/.local/share/todos`. The
/// command-line app's `--data-dir` wins over all of them by overriding `\.todosDirectory`.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public enum TodosDirectory {
    /// The environment variable that names the data folder itself.
    public static let variable = "TODOS_DATA_DIR"

    /// The data folder for an environment.
    ///
    /// ```swift
    /// TodosDirectory.resolve(environment: ["XDG_DATA_HOME": "/data"], home: "/home/ada")   // /data/todos
    /// ```
    ///
    /// - Parameters:
    ///   - environment: The process environment.
    ///   - home: The user's home folder, used when neither variable is set.
    /// - Returns: The folder that holds `todos.json`.
    public static func resolve(environment: [String: String], home: String) -> URL {
        switch decidingVariable(in: environment) {
        case variable?:
            return URL(filePath: environment[variable] ?? "", directoryHint: .isDirectory)
        case let dataHome?:
            return URL(filePath: environment[dataHome] ?? "", directoryHint: .isDirectory).appending(
                component: "todos", directoryHint: .isDirectory)
        case nil:
            return URL(filePath: home, directoryHint: .isDirectory).appending(
                path: ".local/share/todos", directoryHint: .isDirectory)
        }
    }

    /// The variable whose value ``resolve(environment:home:)`` takes the folder from: `TODOS_DATA_DIR` when it is
    /// set and not empty, else `XDG_DATA_HOME` when it is an absolute path, else `nil` (the home folder decides).
    ///
    /// ```swift
    /// TodosDirectory.decidingVariable(in: ["XDG_DATA_HOME": "data"])   // nil: a relative XDG_DATA_HOME is ignored
    /// ```
    ///
    /// - Parameter environment: The process environment.
    /// - Returns: `"TODOS_DATA_DIR"`, `"XDG_DATA_HOME"` or `nil`.
    public static func decidingVariable(in environment: [String: String]) -> String? {
        if let folder = environment[variable], !folder.isEmpty { return variable }
        // The XDG specification ignores a relative XDG_DATA_HOME.
        if environment[dataHomeVariable]?.hasPrefix("/") == true { return dataHomeVariable }
        return nil
    }

    /// The XDG variable that names the folder of every program's data.
    private static let dataHomeVariable = "XDG_DATA_HOME"
}

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
        if let folder = environment[variable], !folder.isEmpty {
            return URL(filePath: folder, directoryHint: .isDirectory)
        }
        // The XDG specification ignores a relative XDG_DATA_HOME.
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return URL(filePath: dataHome, directoryHint: .isDirectory).appending(
                component: "todos", directoryHint: .isDirectory)
        }
        return URL(filePath: home, directoryHint: .isDirectory).appending(
            path: ".local/share/todos", directoryHint: .isDirectory)
    }
}

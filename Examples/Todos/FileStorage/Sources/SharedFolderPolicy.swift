/// What `todos` does with a data folder that other users can change (see `SharedFolder`): it refuses every change
/// there (exit status 1, nothing changed) and warns before a read, unless `TODOS_ALLOW_SHARED_FOLDER=1` says the
/// sharing is meant.
///
/// ```swift
/// if !SharedFolderPolicy.allowsSharing(environment), let problem = SharedFolder.problem(of: folder) {
///     print("error: \(SharedFolderPolicy.refusal(problem))")
/// }
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public enum SharedFolderPolicy {
    /// The variable that allows changes in a shared folder when it is `1`.
    public static let variable = "TODOS_ALLOW_SHARED_FOLDER"

    /// Whether `environment` allows changes in a shared data folder.
    ///
    /// - Parameter environment: The process environment.
    /// - Returns: `true` when ``variable`` is `1`.
    public static func allowsSharing(_ environment: [String: String]) -> Bool {
        environment[variable] == "1"
    }

    /// The message of a change refused because of `problem`.
    ///
    /// - Parameter problem: What ``SharedFolder/problem(of:)`` said.
    /// - Returns: The problem, that nothing was changed, and how to allow changes.
    public static func refusal(_ problem: String) -> String {
        "\(problem). Nothing was changed; set \(variable)=1 if other users are meant to change this folder."
    }

    /// The line printed on standard error before a read in a folder with `problem`.
    ///
    /// - Parameter problem: What ``SharedFolder/problem(of:)`` said.
    /// - Returns: A warning line, its text made visible.
    public static func warning(_ problem: String) -> String {
        "warning: \(TerminalText.visible(problem)); changes there are refused until it is fixed.\n"
    }
}

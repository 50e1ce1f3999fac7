import TodosCore

/// What `todos` does with a data folder that other users can change (see `SharedFolder`): it refuses every change
/// there (exit status 1, nothing changed) and warns before a read, unless `TODOS_ALLOW_SHARED_FOLDER=1` says the
/// sharing is meant.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
enum SharedFolderPolicy {
    /// The variable that allows changes in a shared folder when it is `1`.
    static let variable = "TODOS_ALLOW_SHARED_FOLDER"

    /// Whether `environment` allows changes in a shared data folder.
    static func allowsSharing(_ environment: [String: String]) -> Bool {
        environment[variable] == "1"
    }

    /// The outcome of a change refused because of `problem`.
    static func refusal(_ problem: String) -> Outcome {
        .failure("\(problem). Nothing was changed; set \(variable)=1 if other users are meant to change this folder.")
    }

    /// The line printed on standard error before a read in a folder with `problem`.
    static func warning(_ problem: String) -> String {
        "warning: \(TerminalText.visible(problem)); changes there are refused until it is fixed.\n"
    }
}

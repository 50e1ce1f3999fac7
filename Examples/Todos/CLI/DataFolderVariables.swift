import Ambient
import TodosCore

/// The environment variables that choose the data folder when `--data-dir` names none, checked before the folder is
/// used.
///
/// A variable whose bytes are not UTF-8 reaches the program repaired, naming another folder (`data�` for
/// `data\xff`); a `HOME` that is empty or relative names a folder below wherever the shell happens to be, so
/// `HOME= todos add A` saved into `./.local/share/todos`. Either is bad input: `todos` refuses the command (exit status
/// 2, nothing read or written) and says which variable to fix.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
enum DataFolderVariables {
    /// The variables that can choose the data folder, the first that is set winning.
    static let names = [TodosDirectory.variable, "XDG_DATA_HOME", "HOME"]

    /// The usage error for the variable that would choose the data folder of `invocation` but cannot, or `nil`.
    ///
    /// - Parameters:
    ///   - invocation: The parsed command line.
    ///   - context: The context the command runs in: outside the default one, only `TODOS_DATA_DIR` names a folder.
    ///   - environment: The process environment.
    ///   - undecodable: The variables whose bytes are not UTF-8, each with its value as a message shows it.
    static func problem(
        of invocation: Invocation,
        in context: DependencyContext,
        environment: [String: String],
        undecodable: [String: String]
    ) -> UsageError? {
        guard invocation.dataDirectory == nil, invocation.command.usesData else { return nil }
        let deciding = TodosDirectory.decidingVariable(in: environment)
        // Outside the default context the data stays in memory unless TODOS_DATA_DIR names a folder.
        guard let name = context == .default ? deciding ?? "HOME" : deciding == TodosDirectory.variable ? deciding : nil
        else { return nil }
        if name == TodosDirectory.variable, let error = tildeProblem(in: environment[name] ?? "", from: name) {
            return error
        }
        if let shown = undecodable[name] {
            return UsageError(
                "\(name) is not UTF-8 text ('\(shown)'), so todos cannot tell which folder it names; give a folder "
                    + "whose path is UTF-8, in \(name) or with --data-dir")
        }
        if name == "HOME", let home = environment[name], !home.hasPrefix("/") {
            return UsageError(
                "HOME is '\(home)', not an absolute path, so todos does not know where your data folder is; set HOME "
                    + "to your home folder, or name the data folder with --data-dir or \(TodosDirectory.variable)")
        }
        return nil
    }

    /// The usage error for a data folder written with a leading `~`, or `nil`.
    ///
    /// Only a shell expands `~`, and only when it is not quoted; `URL(filePath:)` turns it into the home folder of the
    /// user database, whatever `HOME` says, so `TODOS_DATA_DIR='~/todos'` in a profile used a folder that `HOME` did
    /// not name.
    ///
    /// - Parameters:
    ///   - path: The folder as given.
    ///   - source: What gave it: `--data-dir` or `TODOS_DATA_DIR`.
    static func tildeProblem(in path: String, from source: String) -> UsageError? {
        guard path.hasPrefix("~") else { return nil }
        return UsageError(
            "\(source) is '\(path)', which starts with '~'; todos does not expand it (a shell does, unquoted), so write "
                + "the folder's path in full ('./\(path)' for a folder named '~')")
    }
}

public import Ambient

/// The environment variables that choose the data folder when `--data-dir` names none, checked before the folder is
/// used.
///
/// A variable whose bytes are not UTF-8 reaches the program repaired, naming another folder (`data�` for
/// `data\xff`); a `HOME` that is empty or relative names a folder below wherever the shell happens to be, so
/// `HOME= todos add A` saved into `./.local/share/todos`. Either is bad input: `todos` refuses the command (exit status
/// 2, nothing read or written) and says which variable to fix.
///
/// ```swift
/// if let problem = DataFolderVariables.problem(in: .default, environment: environment, undecodable: [:]) {
///     print("error: \(problem.message)")
/// }
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public enum DataFolderVariables {
    /// The variables that can choose the data folder, the first that is set winning.
    public static let names = [TodosDirectory.variable, "XDG_DATA_HOME", "HOME"]

    /// The bad input of the variable that would choose the data folder, when no `--data-dir` does, but cannot; or
    /// `nil`.
    ///
    /// - Parameters:
    ///   - context: The context the command runs in: outside the default one, only `TODOS_DATA_DIR` names a folder.
    ///   - environment: The process environment.
    ///   - undecodable: The variables whose bytes are not UTF-8, each with its value as a message shows it.
    /// - Returns: What is wrong and which variable to fix.
    public static func problem(
        in context: DependencyContext,
        environment: [String: String],
        undecodable: [String: String]
    ) -> BadInput? {
        let deciding = TodosDirectory.decidingVariable(in: environment)
        // Outside the default context the data stays in memory unless TODOS_DATA_DIR names a folder.
        guard let name = context == .default ? deciding ?? "HOME" : deciding == TodosDirectory.variable ? deciding : nil
        else { return nil }
        if name == TodosDirectory.variable, let error = tildeProblem(in: environment[name] ?? "", from: name) {
            return error
        }
        if let shown = undecodable[name] {
            return BadInput(
                "\(name) is not UTF-8 text ('\(shown)'), so todos cannot tell which folder it names; give a folder "
                    + "whose path is UTF-8, in \(name) or with --data-dir")
        }
        if name == "HOME", let home = environment[name], !home.hasPrefix("/") {
            return BadInput(
                "HOME is '\(home)', not an absolute path, so todos does not know where your data folder is; set HOME "
                    + "to your home folder, or name the data folder with --data-dir or \(TodosDirectory.variable)")
        }
        return nil
    }

    /// The bad input of a data folder written with a leading `~`, or `nil`.
    ///
    /// Only a shell expands `~`, and only when it is not quoted; `URL(filePath:)` turns it into the home folder of the
    /// user database, whatever `HOME` says, so `TODOS_DATA_DIR='~/todos'` in a profile used a folder that `HOME` did
    /// not name.
    ///
    /// - Parameters:
    ///   - path: The folder as given.
    ///   - source: What gave it: `--data-dir` or `TODOS_DATA_DIR`.
    /// - Returns: What is wrong and how to write the folder instead.
    public static func tildeProblem(in path: String, from source: String) -> BadInput? {
        guard path.hasPrefix("~") else { return nil }
        return BadInput(
            "\(source) is '\(path)', which starts with '~'; todos does not expand it (a shell does, unquoted), so write "
                + "the folder's path in full ('./\(path)' for a folder named '~')")
    }
}

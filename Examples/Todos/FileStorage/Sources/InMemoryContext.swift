public import Ambient

/// What `todos` says in the testing and preview contexts, where its data lives in memory and is gone when the process
/// exits.
///
/// The testing context is chosen with `AMBIENT_CONTEXT=testing` (or by a test framework loaded in the process), the
/// preview context with `AMBIENT_CONTEXT=preview` or `XCODE_RUNNING_FOR_PREVIEWS=1` (which Xcode sets for previews,
/// and which can be left behind in a shell). A change made there would be acknowledged and then lost, so `todos`
/// refuses it — exit status 2, nothing changed — unless a data folder is named on purpose (`TODOS_DATA_DIR` or
/// `--data-dir`), which it then uses.
///
/// ```swift
/// if context != .default, changesData { throw InMemoryContext.refusal(in: context, environment: environment) }
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public enum InMemoryContext {
    /// The refusal of a command that would change data that no file backs: bad input, exit status 2.
    ///
    /// - Parameters:
    ///   - context: `.testing` or `.preview`.
    ///   - environment: The process environment, to name the variable that chose the context.
    /// - Returns: What is wrong and which variable to set or unset.
    public static func refusal(in context: DependencyContext, environment: [String: String]) -> BadInput {
        let chosenBy =
            context == .preview && environment["AMBIENT_CONTEXT"]?.lowercased() != "preview"
            ? "XCODE_RUNNING_FOR_PREVIEWS=1" : "AMBIENT_CONTEXT=\(context.id)"
        let variable = chosenBy.prefix { $0 != "=" }
        return BadInput(
            "todos runs in the \(context.id) context (\(chosenBy)), where changes live in memory and are lost when it "
                + "exits; nothing was changed. Set TODOS_DATA_DIR to the folder to change, or unset \(variable).")
    }

    /// The line after the output of a command that read the in-memory data of `context`.
    ///
    /// - Parameter context: `.testing` or `.preview`.
    /// - Returns: A line that says the data is in memory.
    public static func note(in context: DependencyContext) -> String {
        context == .preview
            ? "(Preview: sample data in memory. Nothing was read from or written to disk.)\n"
            : "(Testing: empty data in memory. Nothing was read from disk; set TODOS_DATA_DIR to use a folder.)\n"
    }
}

/// What `todos` says in the testing context, where its data lives in memory and is gone when the process exits.
///
/// The testing context is chosen with `AMBIENT_CONTEXT=testing` (or by a test framework loaded in the process). A
/// change made there would be acknowledged and then lost, so `todos` refuses it — exit status 2, nothing changed —
/// unless a data folder is named on purpose (`TODOS_DATA_DIR` or `--data-dir`), which it then uses.
enum TestingContext {
    /// The outcome of a command that would change data that no file backs: status 2, as for bad input.
    static let refusal = Outcome(
        errorOutput: "error: todos runs in the testing context (AMBIENT_CONTEXT=testing), where changes live in memory "
            + "and are lost when it exits; nothing was changed. Set TODOS_DATA_DIR to the folder to change, or unset "
            + "AMBIENT_CONTEXT.\n",
        status: 2
    )

    /// The line after the output of a command that read the in-memory data.
    static let note =
        "(Testing: empty data in memory. Nothing was read from disk; set TODOS_DATA_DIR to use a folder.)\n"
}

import Foundation
import Testing
import TodosTestSupport

@testable import todos

/// Bad input gets a message that names the problem, with the usage, and changes nothing: the parser's refusals, and
/// positions out of range over the real executable in a folder of its own.
@Suite struct BadInputTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(
        arguments: [
            // Unknown command or option.
            (["frob"], "unknown command 'frob'", nil),
            (["help", "frob"], "unknown command 'frob'", .help),
            (["list", "--frob"], "unknown option '--frob'", .list),
            (["-x"], "unknown option '-x'", nil),
            (["--frob"], "unknown option '--frob'", nil),
            (["--all"], "--all needs a command, as in: todos list --all", nil),
            (["rm", "1", "--priority", "2"], "rm does not take --priority", .rm),
            (["list", "--all=yes"], "--all takes no value", .list),
            (["add", "A", "--priority", "1", "--priority", "2"], "--priority is given twice", .add),
            (["list", "--all", "--done"], "choose one of --all, --open and --done", .list),
            (["list", "--order", "size"], "unknown order 'size' (use date or priority)", .list),
            (["list", "extra"], "unexpected argument 'extra'", .list),
            (["clear-done", "now"], "unexpected argument 'now'", .clearDone),
            (["--data-dir"], "--data-dir needs a value", nil),
            (["list", "--data-dir="], "--data-dir needs a folder", nil),
            (
                ["--data-dir", "~/todos", "list"],
                "--data-dir is '~/todos', which starts with '~'; todos does not expand it (a shell does, unquoted), so "
                    + "write the folder's path in full ('./~/todos' for a folder named '~')", nil
            ),
            // Missing or non-numeric argument.
            (["add"], "missing title", .add),
            (["add", "x", "--priority"], "--priority needs a value", .add),
            (["add", "x", "--priority", "high"], "priority 'high' is not a number", .add),
            (["add", "x", "--priority", "10"], "priority 10 is out of range (0 to 9)", .add),
            (["add", "x", "--priority", "-1"], "priority -1 is out of range (0 to 9)", .add),
            (["done"], "missing position", .done),
            (["undo", "x"], "position 'x' is not a number", .undo),
            (["rm", "1.5"], "position '1.5' is not a number", .rm),
            (["done", "1", "2"], "unexpected argument '2'", .done),
            (["move", "1"], "missing second position", .move),
            (["move"], "missing first position", .move),
            (["move", "one", "2"], "first position 'one' is not a number", .move),
            (["move", "1", "two"], "second position 'two' is not a number", .move),
            (["move", "1", "2", "3"], "unexpected argument '3'", .move),
            // A number too large for any list or priority is out of range, not "not a number".
            (["done", "99999999999999999999"], "position 99999999999999999999 is out of range", .done),
            (["move", "1", "-99999999999999999999"], "second position -99999999999999999999 is out of range", .move),
            (
                ["add", "x", "--priority", "+99999999999999999999"],
                "priority +99999999999999999999 is out of range (0 to 9)", .add
            ),
            // Negative or absurd sleep goal, bad switch.
            (["settings", "--sleep-goal", "-3"], "sleep goal -3 is out of range (4 to 14 hours)", .settings),
            (["settings", "--sleep-goal", "0"], "sleep goal 0 is out of range (4 to 14 hours)", .settings),
            (["settings", "--sleep-goal", "100"], "sleep goal 100 is out of range (4 to 14 hours)", .settings),
            (["settings", "--sleep-goal", "1e300"], "sleep goal 1e+300 is out of range (4 to 14 hours)", .settings),
            (["settings", "--sleep-goal", "nan"], "sleep goal 'nan' is not a number of hours", .settings),
            (["settings", "--sleep-goal", "inf"], "sleep goal 'inf' is not a number of hours", .settings),
            (["settings", "--sleep-goal", "lots"], "sleep goal 'lots' is not a number of hours", .settings),
            (["settings", "--sleep-goal"], "--sleep-goal needs a value", .settings),
            (["settings", "--notifications", "maybe"], "notifications must be on or off, not 'maybe'", .settings),
            // Empty title.
            (["add", ""], "the title is empty", .add),
            (["add", "   "], "the title is empty", .add),
            (["add", "", " "], "the title is empty", .add),
            // A title that would not be one line, or that C strings would cut short (no shell can pass a NUL).
            (["add", "A\nB"], #"the title contains a line break (\n); a todo's title is one line"#, .add),
            (["add", "A", "\r\nB"], #"the title contains a line break (\n); a todo's title is one line"#, .add),
            (["add", "A\u{0}B"], #"the title contains a NUL character (\0), which no title may hold"#, .add),
        ] as [([String], String, CommandName?)]
    )
    func refusesBadInputWithTheProblemAndTheUsage(arguments: [String], message: String, command: CommandName?) {
        #expect(throws: UsageError(message, command: command)) {
            try CommandParser.parse(arguments)
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(
        arguments: [
            (["done", "4"], "position 4 is out of range (the list has 3 todos)", CommandName.done),
            (["undo", "0"], "position 0 is out of range (the list has 3 todos)", .undo),
            (["rm", "-1"], "position -1 is out of range (the list has 3 todos)", .rm),
            (["move", "1", "4"], "position 4 is out of range (the list has 3 todos)", .move),
            (["move", "9", "1"], "position 9 is out of range (the list has 3 todos)", .move),
        ]
    )
    func outOfRangePositionIsRefusedAndChangesNothing(arguments: [String], message: String, command: CommandName) throws
    {
        let folder = try TemporaryFolder()
        let todos = { (arguments: [String]) in
            try TodosProcess(arguments: ["--data-dir", folder.path] + arguments).run()
        }
        for title in ["A", "B", "C"] {
            #expect(try todos(["add", title]).status == 0)
        }
        let before = try folder.todosBytes()
        let result = try todos(arguments)
        #expect(result.errorOutput == UsageError(message, command: command).text)
        #expect(result.status == 2)
        #expect(try folder.todosBytes() == before)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func positionInAnEmptyListIsOutOfRangeAndCreatesNothing() throws {
        let folder = try TemporaryFolder()
        let result = try TodosProcess(arguments: ["--data-dir", folder.path, "done", "1"]).run()
        #expect(result.errorOutput == "error: position 1 is out of range (the list is empty)\nusage: todos done N\n")
        #expect(result.status == 2)
        #expect(try folder.fileNames() == [])
    }
}

import Testing

@testable import todos

@Suite struct CommandParserTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(
        arguments: [
            ([], Command.overview),
            (["add", "Buy milk"], .add(title: "Buy milk", priority: 0)),
            (["add", "Buy", "oat", "milk"], .add(title: "Buy oat milk", priority: 0)),
            (["add", "Buy milk", "--priority", "3"], .add(title: "Buy milk", priority: 3)),
            (["add", "--priority=9", "Buy milk"], .add(title: "Buy milk", priority: 9)),
            (["add", "--", "--verbose flag"], .add(title: "--verbose flag", priority: 0)),
            (["add", "  Trim me  "], .add(title: "Trim me", priority: 0)),
            (["add", "\u{1B}[1mBold\u{1B}[0m\t\u{9B}"], .add(title: "\u{1B}[1mBold\u{1B}[0m\t\u{9B}", priority: 0)),
            (["list"], .list(order: nil, filter: .all)),
            (["list", "--order", "date", "--done"], .list(order: .date, filter: .done)),
            (["list", "--open", "--order=priority"], .list(order: .priority, filter: .open)),
            (["list", "--all"], .list(order: nil, filter: .all)),
            (["done", "2"], .done(position: 2)),
            (["undo", "1"], .undo(position: 1)),
            (["rm", "3"], .remove(position: 3)),
            (["done", "-1"], .done(position: -1)),
            (["move", "3", "1"], .move(from: 3, to: 1)),
            (["clear-done"], .clearDone),
            (["settings"], .settings(sleepGoal: nil, notifications: nil)),
            (["settings", "--sleep-goal", "7.5"], .settings(sleepGoal: 7.5, notifications: nil)),
            (["settings", "--notifications", "off"], .settings(sleepGoal: nil, notifications: false)),
            (["settings", "--notifications=on", "--sleep-goal=4"], .settings(sleepGoal: 4, notifications: true)),
            (["help"], .help(nil)),
            (["help", "move"], .help(.move)),
            (["move", "--help"], .help(.move)),
            (["-h"], .help(nil)),
        ] as [([String], Command)]
    )
    func parsesWellFormedArguments(arguments: [String], command: Command) throws {
        #expect(try CommandParser.parse(arguments) == Invocation(command: command))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func dataDirectoryMayStandAnywhere() throws {
        let expected = Invocation(command: .done(position: 2), dataDirectory: "/tmp/todos")
        #expect(try CommandParser.parse(["--data-dir", "/tmp/todos", "done", "2"]) == expected)
        #expect(try CommandParser.parse(["done", "2", "--data-dir=/tmp/todos"]) == expected)
        #expect(
            try CommandParser.parse(["--data-dir", "/tmp/todos"])
                == Invocation(command: .overview, dataDirectory: "/tmp/todos"))
    }

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
    @Test func usageErrorTextIsTheProblemThenTheUsage() {
        #expect(
            UsageError("missing position", command: .done).text == "error: missing position\nusage: todos done N\n"
        )
        #expect(
            UsageError("unknown command 'frob'").text
                == "error: unknown command 'frob'\nusage: todos [COMMAND] [OPTIONS]   (todos help lists the commands)\n"
        )
    }
}

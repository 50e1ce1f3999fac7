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

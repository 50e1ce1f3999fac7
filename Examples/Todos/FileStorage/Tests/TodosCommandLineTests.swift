import AmbientTesting
import Foundation
import Testing
import TodosCore
import TodosFileStorage
import TodosTestSupport

@testable import todos

/// `todos` run end to end on a data folder, as the live app: only the date and the UUIDs are fixed.
@MainActor @Suite struct TodosCommandLineTests {
    private let folder: TemporaryFolder
    // Shared by the runs of one test, as the clock and the UUIDs of a machine are shared by its processes.
    private let dates = DateGenerator.ticking()
    private let ids = UUIDGenerator.incrementing

    init() throws {
        folder = try TemporaryFolder()
    }

    /// Runs `todos --data-dir <folder> arguments...` as a new process would: in a root of its own (the suite has no
    /// trait, so each `withTestDependencies` starts one), in the live context.
    private func run(_ arguments: [String]) -> Outcome {
        withTestDependencies {
            $0.context = .default
            $0.date = dates
            $0.uuid = ids
        } operation: {
            TodosCommandLine.run(["--data-dir", folder.path] + arguments)
        }
    }

    private func run(_ arguments: String...) -> Outcome {
        run(arguments)
    }

    /// Runs the commands one after another and fails the test if one of them fails.
    private func prepare(_ commands: [String]...) {
        for command in commands {
            let outcome = run(command)
            #expect(outcome.status == 0, "\(command): \(outcome.errorOutput)")
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func firstRunPrintsAnEmptyListAndAHintAndCreatesNothing() throws {
        #expect(
            run()
                == Outcome(
                    output: """
                        No todos yet.
                        Add one with: todos add "Water the plants" --priority 2   (todos help lists every command)

                        """
                )
        )
        #expect(try folder.fileNames() == [])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func addListAndChangeTodos() throws {
        #expect(run("add", "Water the plants", "--priority", "1") == Outcome(output: "Added 1. Water the plants\n"))
        #expect(run("add", "Book", "flights") == Outcome(output: "Added 2. Book flights\n"))
        #expect(run("add", "Call the dentist", "--priority=3") == Outcome(output: "Added 3. Call the dentist\n"))
        #expect(run("done", "2") == Outcome(output: "Done: 2. Book flights\n"))
        #expect(run("done", "2") == Outcome(output: "Already done: 2. Book flights\n"))
        #expect(
            run()
                == Outcome(
                    output: """
                        1. [ ] Water the plants  (priority 1)
                        2. [x] Book flights
                        3. [ ] Call the dentist  (priority 3)
                        2 open, 1 done. Next: todos done N, todos add TITLE, todos help

                        """
                )
        )
        #expect(
            run("list", "--order", "priority")
                == Outcome(
                    output: """
                        1. [ ] Call the dentist  (priority 3)
                        2. [ ] Water the plants  (priority 1)
                        3. [x] Book flights

                        """
                )
        )
        #expect(run("list", "--done") == Outcome(output: "3. [x] Book flights\n"))
        #expect(run("move", "3", "1") == Outcome(output: "Moved \"Book flights\" to position 1\n"))
        #expect(run("undo", "1") == Outcome(output: "Not done: 1. Book flights\n"))
        #expect(run("rm", "2") == Outcome(output: "Removed 2. Call the dentist\n"))
        #expect(
            run("list", "--order", "date", "--open").output
                == "1. [ ] Water the plants  (priority 1)\n2. [ ] Book flights\n")
        let todos = try FileTodoStorage(url: folder.todosFile).load()
        #expect(todos.map(\.id) == [uuid(0), uuid(1)])
        #expect(todos.map(\.date) == [testingDate, testingDate.addingTimeInterval(60)])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func clearDoneRemovesTheDoneTodos() {
        prepare(["add", "A"], ["add", "B"], ["add", "C"], ["done", "1"], ["done", "3"])
        #expect(run("clear-done") == Outcome(output: "Removed 2 done todos.\n"))
        #expect(run("clear-done") == Outcome(output: "No done todos to remove.\n"))
        #expect(run("list").output == "1. [ ] B\n")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func helpListsEveryCommand() {
        let help = run("help")
        #expect(help.status == 0)
        for command in CommandName.allCases {
            #expect(help.output.contains(command.usage))
        }
        #expect(run("help", "move") == Outcome(output: "usage: todos move N M\nMove todo N to position M.\n"))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func badInputEndsTheProcessWithStatusTwoAndTheUsage() async {
        let result = await #expect(processExitsWith: .exitCode(2), observing: [\.standardErrorContent]) {
            await TodosCommandLine.main(["done", "x"])
        }
        let error = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }
        #expect(error == "error: position 'x' is not a number\nusage: todos done N\n")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func helpEndsTheProcessWithStatusZero() async {
        await #expect(processExitsWith: .success) {
            await TodosCommandLine.main(["help"])
        }
    }
}

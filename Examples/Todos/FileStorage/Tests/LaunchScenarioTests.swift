import Foundation
import Testing
import TodosTestSupport

@testable import TodosFileStorage

/// `todos` started on a scenario, as a UI test starts an app: the real executable, with the scenario named by
/// `--scenario`, the `-AmbientScenario` launch argument or `AMBIENT_SCENARIO`, over a data folder that already holds
/// a todo, which no scenario reads or changes.
@Suite struct LaunchScenarioTests {
    private let folder: TemporaryFolder
    private static let samples = """
        1. [ ] Water the plants  (priority 1)
        2. [ ] Book flights to Lisbon  (priority 3)
        3. [x] Return the library books
        4. [ ] Call the dentist  (priority 2)
        5. [ ] Buy coffee beans
        (Scenario samples: data in memory. Nothing was read from or written to disk.)

        """

    init() throws {
        folder = try TemporaryFolder()
    }

    /// `todos arguments...` with `environment` and the test's data folder.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    private func todos(_ arguments: [String], environment: [String: String] = [:]) throws -> TodosProcess.Result {
        var process = TodosProcess(
            arguments: arguments,
            environment: environment.merging([TodosDirectory.variable: folder.path]) { mine, _ in mine })
        process.directory = folder.url
        return try process.run()
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(arguments: [
        (["--scenario", "samples", "list"], [:]),
        (["list", "--scenario=samples"], [:]),
        (["-AmbientScenario", "samples", "list"], [:]),
        (["list"], ["AMBIENT_SCENARIO": "samples"]),
        (["--scenario", "samples", "list"], ["AMBIENT_SCENARIO": "empty"]),
    ])
    func namedScenarioIsWhatTheProgramStartsOnAndTheDataFolderIsLeftAlone(
        arguments: [String],
        environment: [String: String]
    ) throws {
        #expect(try todos(["add", "On disk"]).status == 0)
        let before = try folder.todosBytes()
        let result = try todos(arguments, environment: environment)
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.errorOutput == "")
        #expect(result.output == Self.samples)
        #expect(try folder.todosBytes() == before)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func changeOnAScenarioIsKeptInMemoryForThatRunOnly() throws {
        let added = try todos(["--scenario", "empty", "add", "Try a scenario"])
        #expect(added.status == 0, "\(added.errorOutput)")
        let listed = try todos(["--scenario", "empty", "list"])
        #expect(
            listed.output
                == "No todos yet.\n(Scenario empty: data in memory. Nothing was read from or written to disk.)\n")
        #expect(try folder.fileNames() == [])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(arguments: [(["--scenario", "nope", "list"], [:]), (["list"], ["AMBIENT_SCENARIO": "nope"])])
    func unknownScenarioStopsTheProgramWithOneLineThatListsTheKnownOnes(
        arguments: [String],
        environment: [String: String]
    ) throws {
        let result = try todos(arguments, environment: environment)
        #expect(result.status == 1)
        #expect(!result.wasKilled)
        #expect(result.output == "")
        #expect(
            result.errorOutput
                == "Ambient: no scenario is named 'nope'; the known ones are: empty, samples. Stopping.\n")
        #expect(try folder.fileNames() == [])
    }
}

import Foundation
import Testing
import TodosTestSupport

/// What `todos` does with its files, over the real executable in a folder of its own: bad input and a corrupt file
/// change nothing, and the settings are kept beside the todos.
@Suite struct CommandLineFilesTests {
    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// Runs `todos --data-dir <folder> arguments...` to the end.
    private func todos(_ arguments: [String]) throws -> TodosProcess.Result {
        try TodosProcess(arguments: ["--data-dir", folder.path] + arguments).run()
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func badInputChangesNothing() throws {
        for arguments in [["add", "A"], ["done", "1"]] {
            #expect(try todos(arguments).status == 0)
        }
        let before = try folder.todosBytes()
        for arguments in [["add", ""], ["frob"], ["rm"], ["clear-done", "x"], ["settings", "--sleep-goal", "-1"]] {
            let result = try todos(arguments)
            #expect(result.status == 2 && result.output.isEmpty, "\(arguments)")
        }
        #expect(try folder.todosBytes() == before)
        #expect(try folder.fileNames() == [".todos.json.lock", "todos.json"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func corruptFileIsReportedWithItsPathAndLeftUntouched() throws {
        let corrupt = Data("[{\"title\": \"half a".utf8)
        try corrupt.write(to: folder.todosFile)
        for arguments in [[], ["add", "A"], ["clear-done"]] {
            let result = try todos(arguments)
            #expect(
                result.errorOutput
                    == "error: \(folder.todosFile.path(percentEncoded: false)) is not a todos file (not valid JSON); "
                    + "it was left untouched. Fix or move it, then try again.\n")
            #expect(result.status == 1)
        }
        #expect(try folder.todosBytes() == corrupt)
        #expect(try folder.fileNames() == ["todos.json"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func settingsAreShownChangedAndKeptBesideTheTodos() throws {
        #expect(try todos(["settings"]).output == "Sleep goal: 8 hours\nNotifications: on\n")
        #expect(try folder.fileNames() == [])
        let changed = try todos(["settings", "--sleep-goal", "7.5", "--notifications", "off"])
        #expect(changed.output == "Sleep goal: 7.5 hours\nNotifications: off\n")
        #expect(try todos(["settings"]).output == "Sleep goal: 7.5 hours\nNotifications: off\n")
        #expect(try folder.fileNames() == [".settings.json.lock", "settings.json"])
    }
}

import Foundation
import Testing

import TodosCore
import TodosTestSupport

@testable import TodosFileStorage

/// The variables that choose the data folder when no `--data-dir` is given, set to odd values, over the real
/// executable started in a folder of the test's own: the folder is the one they name, or the run is refused; it is
/// never a folder below wherever the shell happens to be.
@Suite struct DataFolderVariablesTests {
    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// `todos arguments...` with `environment`, started in the test's folder.
    private func todos(_ arguments: [String], environment: [String: String]) throws -> TodosProcess.Result {
        var process = TodosProcess(arguments: arguments, environment: environment)
        process.directory = folder.url
        return try process.run()
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(arguments: ["", "relative/home"])
    func aHomeThatIsNotAnAbsolutePathIsRefusedInsteadOfUsingTheCurrentFolder(home: String) throws {
        for arguments in [["add", "A"], ["list"]] {
            let result = try todos(arguments, environment: ["HOME": home])
            #expect(result.status == 2, "\(arguments)")
            #expect(result.output == "")
            #expect(
                result.errorOutput
                    == "error: HOME is '\(home)', not an absolute path, so todos does not know where your data folder "
                    + "is; set HOME to your home folder, or name the data folder with --data-dir or TODOS_DATA_DIR\n"
                    + "usage: todos [COMMAND] [OPTIONS]   (todos help lists the commands)\n")
        }
        #expect(try folder.fileNames() == [])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aHomeThatIsNotAnAbsolutePathDoesNotMatterWhenAnotherVariableNamesTheFolder() throws {
        let data = folder.url.appending(component: "data").path(percentEncoded: false)
        let named = try todos(["add", "A"], environment: ["HOME": "", TodosDirectory.variable: data])
        #expect(named.status == 0, "\(named.errorOutput)")
        let xdg = try todos(["add", "B"], environment: ["HOME": "", "XDG_DATA_HOME": folder.path])
        #expect(xdg.status == 0, "\(xdg.errorOutput)")
        let help = try todos(["help"], environment: ["HOME": ""])
        #expect(help.status == 0 && help.errorOutput == "")
        #expect(try folder.fileNames() == ["data", "todos"])
    }

    /// `URL(filePath:)` turns a leading `~` into the home folder of the user database, whatever `HOME` says, so
    /// `TODOS_DATA_DIR='~/todos'` (quoted in a profile or a service file, where no shell expands it) used a folder
    /// that `HOME` did not name. It is refused instead. The run is user `nobody`, whose home does not exist: a
    /// regression must not write into the home of the user running the tests.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(
        .enabled(if: TodosProcess.dropsPrivileges, "runs as nobody, which only root can do"),
        arguments: ["~/todos", "~"]
    )
    func aDataFolderVariableThatStartsWithATildeIsRefused(value: String) throws {
        let home = folder.url.appending(component: "home").path(percentEncoded: false)
        let environment = [TodosDirectory.variable: value, "HOME": home]
        var process = TodosProcess(arguments: ["add", "A"], environment: environment)
        process.directory = folder.url
        process.unprivileged = true
        let result = try process.run()
        #expect(result.status == 2)
        #expect(
            result.errorOutput
                == "error: TODOS_DATA_DIR is '\(value)', which starts with '~'; todos does not expand it (a shell does, "
                + "unquoted), so write the folder's path in full ('./\(value)' for a folder named '~')\n"
                + "usage: todos [COMMAND] [OPTIONS]   (todos help lists the commands)\n")
        #expect(try folder.fileNames() == [])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aRelativeDataFolderVariableIsTheFolderItNames() throws {
        let result = try todos(["add", "A"], environment: [TodosDirectory.variable: "mine", "HOME": "/nonexistent"])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(try folder.fileNames() == ["mine"])
    }
}

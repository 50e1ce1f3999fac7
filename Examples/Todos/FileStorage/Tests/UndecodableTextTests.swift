import Foundation
import Testing

import TodosCore
import TodosTestSupport

@testable import TodosFileStorage

/// Arguments and data-folder variables whose bytes are not UTF-8, over the real executable (a shell passes the
/// bytes, which `Process` cannot): refused with the bytes shown, never repaired into another title or folder.
///
/// Swift decodes the arguments and the environment with each invalid byte replaced by U+FFFD, so `todos --data-dir
/// $'data\xff' add A` used to create and use the folder `data�`, and `todos add $'caf\xe9'` saved `caf�`.
@Suite struct UndecodableTextTests {
    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// `todos arguments... EXTRA`, where the shell builds `EXTRA` with `printf`, and the process starts in the test's
    /// folder.
    private func todos(_ arguments: [String], then printf: String, environment: [String: String] = [:]) -> TodosProcess
    {
        var process = TodosProcess(arguments: arguments, environment: environment)
        process.setup = "set -- \"$@\" \"$(printf '\(printf)')\""
        process.directory = folder.url
        return process
    }

    /// The names in the test's folder and in its subfolders.
    private func everything() throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aTitleThatIsNotUTF8IsRefusedAndNothingIsSaved() throws {
        let result = try todos(["--data-dir", folder.path, "add"], then: #"Caf\351 au lait"#).run()
        #expect(result.status == 2)
        #expect(result.output == "")
        #expect(
            result.errorOutput
                == #"error: argument 4 is not UTF-8 text ('Caf\xe9 au lait'); give it in UTF-8"# + "\n"
                + "usage: todos [COMMAND] [OPTIONS]   (todos help lists the commands)\n")
        #expect(try everything() == [])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aDataFolderArgumentThatIsNotUTF8IsRefusedAndNoOtherFolderIsCreated() throws {
        let result = try todos(["add", "A", "--data-dir"], then: #"\#(folder.path)/data\377"#).run()
        #expect(result.status == 2)
        #expect(result.errorOutput.hasPrefix(#"error: argument 4 is not UTF-8 text ('\#(folder.path)/data\xff')"#))
        #expect(try everything() == [])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(arguments: [TodosDirectory.variable, "XDG_DATA_HOME", "HOME"])
    func aDataFolderVariableThatIsNotUTF8IsRefusedAndNoOtherFolderIsCreated(name: String) throws {
        var process = TodosProcess(arguments: ["add", "A"], environment: ["HOME": folder.path])
        process.setup = "export \(name)=\"$(printf '\(folder.path)/data\\377')\""
        process.directory = folder.url
        let result = try process.run()
        #expect(result.status == 2)
        #expect(result.output == "")
        #expect(
            result.errorOutput
                == "error: \(name) is not UTF-8 text ('\(folder.path)/data\\xff'), so todos cannot tell which folder "
                + "it names; give a folder whose path is UTF-8, in \(name) or with --data-dir\n"
                + "usage: todos [COMMAND] [OPTIONS]   (todos help lists the commands)\n")
        #expect(try everything() == [])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aVariableThatIsNotUTF8IsIgnoredWhenAnotherDecidesTheFolder() throws {
        var process = TodosProcess(arguments: ["--data-dir", folder.path, "add", "A"])
        process.setup = "export HOME=\"$(printf '/home/caf\\351')\" TODOS_DATA_DIR=\"$(printf '/tmp/\\377')\""
        let result = try process.run()
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(try folder.savedTitles() == ["A"])
    }
}

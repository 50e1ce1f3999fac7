import Foundation
import Testing
import TodosTestSupport

/// Saves whose file would not read back as it should, each over the real executable in a folder of its own: unknown
/// fields are kept exactly, a save the program could not read back is refused, and messages say what is true.
@Suite struct UnsavableFileTests {
    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// `todos --data-dir <folder> arguments...`, not yet started.
    private func todos(_ arguments: String...) -> TodosProcess {
        TodosProcess(arguments: ["--data-dir", folder.path] + arguments)
    }

    /// A field this version does not know went through a Swift value on its way back to the file: one that JSON
    /// allows but no Swift type holds made the save drop every todo's unknown fields, and others came back changed
    /// (`1e-400` as `0`, a 42-digit integer without its last digits). Unknown fields are now copied byte for byte.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(arguments: [
        "1e400", "-1e400", String(repeating: "7", count: 400), #""\ud800""#, "1e-400",
        "123456789012345678901234567890123456789012", "-0", #"{"deep": [1e400, "\udfff"]}"#,
    ])
    func anUnknownFieldIsKeptByteForByteWhateverItHolds(value: String) throws {
        let saved = """
            [
              {"id": "5A3E0000-0000-4000-8000-000000000001", "title": "A", "date": 0, "isDone": false, "priority": 0,
               "colour": "red"},
              {"id": "5a3e0000-0000-4000-8000-000000000002", "title": "B", "date": 0, "isDone": false, "priority": 0,
               "reading": \(value), "tags": ["x"]},
              {"id": "5A3E0000-0000-4000-8000-000000000003", "title": "C", "date": 0, "isDone": false, "priority": 0,
               "note": "kept"}
            ]
            """
        try Data(saved.utf8).write(to: folder.todosFile)
        for change in [todos("add", "D"), todos("done", "1"), todos("move", "2", "3")] {
            let result = try change.run()
            #expect(result.status == 0, "\(result.errorOutput)")
        }
        let text = String(decoding: try folder.todosBytes(), as: UTF8.self)
        for field in [#""reading" : \#(value)"#, #""tags" : ["x"]"#, #""colour" : "red""#, #""note" : "kept""#] {
            #expect(text.contains(field), "\(field) in \(text)")
        }
        let listed = try todos("list").run()
        #expect(listed.output == "1. [x] A\n2. [ ] C\n3. [ ] B\n4. [ ] D\n", "\(listed.errorOutput)")
    }

    /// A save that took the file past the 64 MiB that a read accepts was acknowledged, and every later command
    /// failed. It is refused before it is made instead, and the file stays as it was.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aSaveThatWouldTakeTheFilePastTheReadLimitIsRefusedAndTheFileStands() throws {
        let limit = 64 * 1024 * 1024
        let head = #"[{"id": "5A3E0000-0000-4000-8000-000000000001", "title": ""#
        let tail = "\", \"date\": 0, \"isDone\": false, \"priority\": 0}]\n"
        var saved = Data(head.utf8)
        saved.append(Data(repeating: UInt8(ascii: "a"), count: limit - 100 - head.utf8.count - tail.utf8.count))
        saved.append(Data(tail.utf8))
        try saved.write(to: folder.todosFile)
        let result = try todos("add", "B").run()
        #expect(result.status == 1)
        #expect(
            result.errorOutput
                == "error: cannot save \(folder.todosFile.path(percentEncoded: false)) (the new file would be larger "
                + "than 64 MiB, which todos could not read back); the previous file is unchanged.\n")
        #expect(try folder.todosBytes() == saved)
        let listed = try todos("list", "--done").run()
        #expect(listed.status == 0, "\(listed.errorOutput)")
        #expect(try folder.fileNames() == [".todos.json.lock", "todos.json"])
    }

    /// A failed first save said "the previous file is unchanged" where there was none.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(
        .enabled(if: TodosProcess.resetsSignals, "needs GNU env to undo the test runner's ignoring of SIGXFSZ"),
        arguments: [["add", "A"], ["settings", "--sleep-goal", "6"]]
    )
    func aFailedFirstSaveSaysThatNothingWasSaved(arguments: [String]) throws {
        var change = TodosProcess(arguments: ["--data-dir", folder.path] + arguments)
        change.setup = "ulimit -f 0"
        change.defaultSignals = ["XFSZ"]
        let result = try change.run()
        #expect(result.status == 1)
        let file = arguments[0] == "add" ? folder.todosFile : folder.settingsFile
        #expect(
            result.errorOutput
                == "error: cannot create \(file.path(percentEncoded: false)) (File too large); nothing was saved.\n")
        #expect(try folder.fileNames().filter { !$0.hasSuffix(".lock") } == [])
    }
}

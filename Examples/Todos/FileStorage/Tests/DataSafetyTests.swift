import Foundation
import Testing

import TodosCore
import TodosTestSupport

@testable import TodosFileStorage

/// Data safety, case by case, each over the real `todos` executable in a folder of its own: no acknowledged todo is lost,
/// no failure is silent, and no bad file is overwritten.
@Suite struct DataSafetyTests {
    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// `todos --data-dir <folder> arguments...`, not yet started.
    private func todos(_ arguments: String..., environment: [String: String] = [:]) -> TodosProcess {
        TodosProcess(arguments: ["--data-dir", folder.path] + arguments, environment: environment)
    }

    private func expectSuccess(_ result: TodosProcess.Result, _ comment: Comment? = nil) {
        #expect(result.status == 0 && !result.wasKilled, "\(comment ?? ""): \(result.errorOutput)")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func fiftyAddsStartedAtOnceKeepAllFifty() throws {
        let started = try (1...50).map { try todos("add", "todo \($0)").start() }
        let results = started.map(TodosProcess.finish)
        for result in results { expectSuccess(result) }
        #expect(try Set(folder.savedTitles()) == Set((1...50).map { "todo \($0)" }))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func twoShellsAddingInTurnKeepEveryTodo() throws {
        let failures = Locked<[String]>([])
        let path = folder.path
        DispatchQueue.concurrentPerform(iterations: 2) { shell in
            for number in 1...15 {
                let process = TodosProcess(arguments: ["--data-dir", path, "add", "shell \(shell) todo \(number)"])
                guard let result = try? process.run(), result.status == 0 else {
                    failures.withLock { $0.append("shell \(shell) todo \(number)") }
                    continue
                }
            }
        }
        #expect(failures.withLock { $0 } == [])
        let expected = (0...1).flatMap { shell in (1...15).map { "shell \(shell) todo \($0)" } }
        #expect(try Set(folder.savedTitles()) == Set(expected))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func addsRacingAListThatReordersKeepEveryAdd() throws {
        let started = try (1...12).flatMap { number in
            [
                try todos("add", "todo \(number)", "--priority", "\(number % 10)").start(),
                try todos("list", "--order", "priority").start(),
            ]
        }
        for result in started.map(TodosProcess.finish) { expectSuccess(result) }
        #expect(try Set(folder.savedTitles()) == Set((1...12).map { "todo \($0)" }))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func changingSettingsInAnUnwritableFolderFailsWithTheReason() throws {
        try folder.handToUnprivilegedUser()
        try folder.setPermissions(0o555, of: folder.url)
        defer { try? folder.setPermissions(0o755, of: folder.url) }
        var change = todos("settings", "--sleep-goal", "6")
        change.unprivileged = true
        let result = try change.run()
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(
            result.errorOutput
                == "error: cannot create \(folder.settingsFile.path(percentEncoded: false)) (cannot create its lock "
                + "file \(folder.url.appending(component: ".settings.json.lock").path(percentEncoded: false)): "
                + "Permission denied); nothing was saved.\n"
        )
        #expect(try folder.fileNames() == [])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(arguments: ["{\"sleepGoal\": ", "", "[1, 2]", "{\"sleepGoal\": \"six\"}", "{\"sleepGoal\": 100}"])
    func corruptOrTruncatedSettingsAreRefusedWithTheirPathAndLeftUntouched(contents: String) throws {
        try Data(contents.utf8).write(to: folder.settingsFile)
        for run in [
            todos("settings"), todos("settings", "--sleep-goal", "6"), todos("settings", "--notifications", "off"),
        ] {
            let result = try run.run()
            #expect(result.status == 1)
            #expect(result.output == "")
            #expect(
                result.errorOutput.hasPrefix(
                    "error: \(folder.settingsFile.path(percentEncoded: false)) is not a todos file ("))
            #expect(result.errorOutput.hasSuffix("); it was left untouched. Fix or move it, then try again.\n"))
        }
        #expect(try Data(contentsOf: folder.settingsFile) == Data(contents.utf8))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(arguments: ["settings.json", "todos.json"])
    func aSymbolicLinkIsNeverWrittenThrough(name: String) throws {
        let target = folder.url.appending(component: "elsewhere.json")
        let original = Data((name == "todos.json" ? "[]\n" : "{}\n").utf8)
        try original.write(to: target)
        let link = folder.url.appending(component: name)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let result = try (name == "todos.json" ? todos("add", "A") : todos("settings", "--sleep-goal", "6")).run()
        #expect(result.status == 1)
        #expect(
            result.errorOutput
                == "error: cannot save \(link.path(percentEncoded: false)) (it is a symbolic link, and todos never "
                + "writes through one); the previous file is unchanged.\n"
        )
        #expect(try Data(contentsOf: target) == original)
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: link.path(percentEncoded: false))
                == target.path(percentEncoded: false))
    }

    /// A save renames a new file over the old one, so a second hard link to the data file would silently keep the
    /// old todos while the data file moved on, as a symbolic link would: the change is refused instead.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(arguments: ["todos.json", "settings.json"])
    func aDataFileWithAnotherHardLinkIsNeverCutFromIt(name: String) throws {
        let isTodos = name == "todos.json"
        expectSuccess(try (isTodos ? todos("add", "A") : todos("settings", "--sleep-goal", "6")).run())
        let file = folder.url.appending(component: name)
        let other = folder.url.appending(component: "backup.json")
        try FileManager.default.linkItem(at: file, to: other)
        let before = try Data(contentsOf: file)
        let result = try (isTodos ? todos("add", "B") : todos("settings", "--sleep-goal", "7")).run()
        #expect(result.status == 1)
        #expect(
            result.errorOutput
                == "error: cannot save \(file.path(percentEncoded: false)) (it has 2 hard links, and a save would cut "
                + "it from the others, which would keep the old contents; remove the other links, or keep a copy "
                + "instead); the previous file is unchanged.\n")
        #expect(try Data(contentsOf: file) == before)
        #expect(try Data(contentsOf: other) == before)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(
        arguments: [
            (["add", "--", "--testing-library"], [:], "--testing-library"),
            (["add", "A"], ["XCTestBundlePath": "/tmp/AppTests.xctest"], "A"),
            (["add", "A"], ["XCTestConfigurationFilePath": "/tmp/x.xctestconfiguration"], "A"),
        ] as [([String], [String: String], String)]
    )
    func aSignOfATestRunWithoutATestFrameworkStillSavesToDisk(
        arguments: [String],
        environment: [String: String],
        title: String
    ) throws {
        let result = try TodosProcess(arguments: ["--data-dir", folder.path] + arguments, environment: environment)
            .run()
        #expect(result.output == "Added 1. \(title)\n")
        expectSuccess(result)
        #expect(try folder.savedTitles() == [title])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func theTestingContextRefusesChangesUnlessAFolderIsNamed() throws {
        let home = ["AMBIENT_CONTEXT": "testing", "HOME": folder.path]
        let refused = try TodosProcess(arguments: ["add", "A"], environment: home).run()
        #expect(refused.status == 2)
        #expect(
            refused.errorOutput
                == "error: todos runs in the testing context (AMBIENT_CONTEXT=testing), where changes live in memory "
                + "and are lost when it exits; nothing was changed. Set TODOS_DATA_DIR to the folder to change, or "
                + "unset AMBIENT_CONTEXT.\n"
        )
        let listed = try TodosProcess(arguments: ["list"], environment: home).run()
        #expect(
            listed.output
                == "No todos yet.\n(Testing: empty data in memory. Nothing was read from disk; set TODOS_DATA_DIR to "
                + "use a folder.)\n")
        #expect(try folder.fileNames() == [])

        let named = home.merging([TodosDirectory.variable: folder.path]) { _, new in new }
        for title in ["A", "B"] {
            expectSuccess(try TodosProcess(arguments: ["add", title], environment: named).run())
        }
        #expect(try folder.savedTitles() == ["A", "B"])
        // Two todos added by two processes have two identifiers: the list still reads.
        expectSuccess(try TodosProcess(arguments: ["list"], environment: named).run())
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(arguments: [["AMBIENT_CONTEXT": "preview"], ["XCODE_RUNNING_FOR_PREVIEWS": "1"]])
    func thePreviewContextRefusesChangesUnlessAFolderIsNamed(environment: [String: String]) throws {
        let home = environment.merging(["HOME": folder.path]) { _, new in new }
        let variable = environment.keys.first ?? ""
        for change in [["add", "A"], ["clear-done"], ["settings", "--sleep-goal", "6"], ["done", "1"]] {
            let refused = try TodosProcess(arguments: change, environment: home).run()
            #expect(refused.status == 2)
            #expect(refused.output == "")
            #expect(
                refused.errorOutput
                    == "error: todos runs in the preview context (\(variable)=\(environment[variable] ?? "")), where "
                    + "changes live in memory and are lost when it exits; nothing was changed. Set TODOS_DATA_DIR to "
                    + "the folder to change, or unset \(variable).\n"
            )
        }
        let note = "(Preview: sample data in memory. Nothing was read from or written to disk.)\n"
        let listed = try TodosProcess(arguments: ["list", "--done"], environment: home).run()
        #expect(listed.output == "3. [x] Return the library books\n" + note)
        let overview = try TodosProcess(arguments: [], environment: home).run()
        #expect(
            overview.output == """
                1. [ ] Water the plants  (priority 1)
                2. [ ] Book flights to Lisbon  (priority 3)
                3. [x] Return the library books
                4. [ ] Call the dentist  (priority 2)
                5. [ ] Buy coffee beans
                4 open, 1 done. Next: todos done N, todos add TITLE, todos help

                """ + note
        )
        #expect(try folder.fileNames() == [])

        let named = home.merging([TodosDirectory.variable: folder.path]) { _, new in new }
        for title in ["A", "B"] {
            let saved = try TodosProcess(arguments: ["add", title], environment: named).run()
            expectSuccess(saved)
        }
        #expect(try folder.savedTitles() == ["A", "B"])
        expectSuccess(try TodosProcess(arguments: ["done", "2"], environment: named).run())
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func savesKeepTheFilesPermissions() throws {
        expectSuccess(try todos("add", "A").run())
        expectSuccess(try todos("settings", "--sleep-goal", "6").run())
        try folder.setPermissions(0o600, of: folder.todosFile)
        try folder.setPermissions(0o640, of: folder.settingsFile)
        expectSuccess(try todos("add", "B").run())
        expectSuccess(try todos("settings", "--sleep-goal", "7").run())
        #expect(try folder.permissions(of: folder.todosFile) == 0o600)
        #expect(try folder.permissions(of: folder.settingsFile) == 0o640)
        #expect(try folder.savedTitles() == ["A", "B"])
    }

    /// Foundation's decoder says "not valid JSON" for valid JSON that holds a number its field cannot hold; the
    /// message said so too, and sent the user looking for a syntax error that is not there.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(arguments: ["1.5", "99999999999999999999"])
    func aPriorityThatIsNotAWholeNumberIsNamedAsSuchNotAsInvalidJSON(priority: String) throws {
        let saved = """
            [{"id": "5A3E0000-0000-4000-8000-000000000001", "title": "A", "date": 0, "isDone": false,
              "priority": \(priority)}]
            """
        try Data(saved.utf8).write(to: folder.todosFile)
        for run in [todos("list"), todos("done", "1")] {
            let result = try run.run()
            #expect(result.status == 1)
            #expect(
                result.errorOutput
                    == "error: \(folder.todosFile.path(percentEncoded: false)) is not a todos file (a number that its "
                    + "field cannot hold, such as a priority that is not a whole number); it was left untouched. Fix "
                    + "or move it, then try again.\n")
        }
        #expect(try folder.todosBytes() == Data(saved.utf8))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func twoTodosWithTheSameIdAreACorruptFile() throws {
        let twice = """
            [
              {"id": "5A3E0000-0000-4000-8000-000000000001", "title": "A", "date": 0, "isDone": false, "priority": 0},
              {"id": "5A3E0000-0000-4000-8000-000000000001", "title": "B", "date": 0, "isDone": false, "priority": 0}
            ]
            """
        try Data(twice.utf8).write(to: folder.todosFile)
        for run in [todos("done", "2"), todos("list")] {
            let result = try run.run()
            #expect(result.status == 1)
            #expect(
                result.errorOutput
                    == "error: \(folder.todosFile.path(percentEncoded: false)) is not a todos file (todo [1] has the id "
                    + "5A3E0000-0000-4000-8000-000000000001 of an earlier todo); it was left untouched. Fix or move it, "
                    + "then try again.\n"
            )
        }
        #expect(try folder.todosBytes() == Data(twice.utf8))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(
        arguments: [
            (">&-", "Bad file descriptor"),
            (">/dev/full", "No space left on device"),
        ]
    )
    func aClosedOrFullStandardOutputExitsOneAndTheSaveStands(redirection: String, reason: String) throws {
        var add = todos("add", "A")
        add.redirection = redirection
        let added = try add.run()
        #expect(!added.wasKilled)
        #expect(added.status == 1)
        #expect(added.errorOutput == "error: cannot write to standard output (\(reason)).\n")
        #expect(try folder.savedTitles() == ["A"])
        var list = todos("list")
        list.redirection = redirection
        #expect(try list.run().status == 1)
    }

    /// A file size limit (`ulimit -f`) stands in for a full disk: the kernel sends `SIGXFSZ` on the write that passes
    /// it, which used to kill `todos` without a word and leave its temporary file behind.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(
        .enabled(if: TodosProcess.resetsSignals, "needs GNU env to undo the test runner's ignoring of SIGXFSZ"),
        arguments: [["add", "B"], ["settings", "--sleep-goal", "6"]]
    )
    func aSaveOverTheFileSizeLimitFailsWithTheReasonAndTheFilesStand(arguments: [String]) throws {
        expectSuccess(try todos("add", "A").run())
        var change = TodosProcess(arguments: ["--data-dir", folder.path] + arguments)
        change.setup = "ulimit -f 0"
        change.defaultSignals = ["XFSZ"]
        let result = try change.run()
        #expect(!result.wasKilled, "todos was killed by a signal")
        #expect(result.status == 1)
        #expect(result.output == "")
        // The todos file was saved before; the settings file was not, and still does not exist.
        let expected =
            arguments[0] == "add"
            ? "cannot save \(folder.todosFile.path(percentEncoded: false)) (File too large); the previous file is unchanged"
            : "cannot create \(folder.settingsFile.path(percentEncoded: false)) (File too large); nothing was saved"
        #expect(result.errorOutput == "error: \(expected).\n")
        #expect(try folder.savedTitles() == ["A"])
        #expect(try folder.fileNames().filter { $0.hasSuffix(".tmp") } == [])
    }

    /// `mkdir` never creates a folder through a symbolic link to nothing: it says "File exists", which was the whole
    /// reason todos gave. The message names the link and where it points instead, and nothing is created.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(arguments: ["data", "data/inner"])
    func aDataFolderBehindALinkToNothingIsRefusedWithTheLinkNamed(below: String) throws {
        let link = folder.url.appending(component: "data").path(percentEncoded: false)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "missing")
        let data = folder.url.appending(path: below).path(percentEncoded: false)
        let result = try TodosProcess(arguments: ["--data-dir", data, "add", "A"]).run()
        #expect(result.status == 1)
        #expect(
            result.errorOutput
                == "error: cannot create \(data)/todos.json (the folder \(link) is a symbolic link to missing, which "
                + "does not exist; create that folder, or remove the link); nothing was saved.\n")
        #expect(try folder.fileNames() == ["data"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aSaveRemovesOurOwnTemporaryFilesOlderThanAMinute() throws {
        let stale = folder.url.appending(component: ".todos.json.0D0D0D0D.tmp")
        let fresh = folder.url.appending(component: ".todos.json.F0F0F0F0.tmp")
        let foreign = folder.url.appending(component: ".other.json.0D0D0D0D.tmp")
        for file in [stale, fresh, foreign] {
            try Data("half a".utf8).write(to: file)
        }
        let twoMinutesAgo = Date.now.addingTimeInterval(-120)
        for file in [stale, foreign] {
            try FileManager.default.setAttributes(
                [.modificationDate: twoMinutesAgo], ofItemAtPath: file.path(percentEncoded: false))
        }
        expectSuccess(try todos("add", "A").run())
        #expect(
            try folder.fileNames() == [
                ".other.json.0D0D0D0D.tmp", ".todos.json.F0F0F0F0.tmp", ".todos.json.lock", "todos.json",
            ])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aFolderThatCannotBeSearchedIsAnErrorNotAnEmptyList() throws {
        expectSuccess(try todos("add", "A").run())
        try folder.handToUnprivilegedUser()
        try folder.setPermissions(0o600, of: folder.url)
        defer { try? folder.setPermissions(0o755, of: folder.url) }
        for arguments in [["list"], ["add", "B"]] {
            var run = TodosProcess(arguments: ["--data-dir", folder.path] + arguments)
            run.unprivileged = true
            let result = try run.run()
            #expect(result.status == 1)
            #expect(result.output == "")
            #expect(
                result.errorOutput
                    == "error: cannot read \(folder.todosFile.path(percentEncoded: false)) (Permission denied); it was "
                    + "left untouched.\n")
        }
        try folder.setPermissions(0o755, of: folder.url)
        #expect(try folder.savedTitles() == ["A"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aTodosFileThatCannotBeReadRefusesChanges() throws {
        expectSuccess(try todos("add", "A").run())
        try folder.handToUnprivilegedUser()
        try folder.setPermissions(0o000, of: folder.todosFile)
        defer { try? folder.setPermissions(0o644, of: folder.todosFile) }
        var add = todos("add", "B")
        add.unprivileged = true
        let result = try add.run()
        #expect(result.status == 1)
        #expect(
            result.errorOutput
                == "error: cannot read \(folder.todosFile.path(percentEncoded: false)) (Permission denied); it was left "
                + "untouched.\n")
        try folder.setPermissions(0o644, of: folder.todosFile)
        #expect(try folder.savedTitles() == ["A"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aBusyLockIsAnnouncedAfterTheNoticeTimeAndGivenUpOnAfterTheTimeout() throws {
        let lock = HeldLock(folder.lockFile)
        defer { lock.release() }
        let result = try todos("add", "A", environment: ["TODOS_LOCK_NOTICE": "0.1", "TODOS_LOCK_TIMEOUT": "0.5"]).run()
        #expect(result.status == 1)
        #expect(
            result.errorOutput
                == "waiting for another todos process…\nerror: another todos process kept "
                + "\(folder.todosFile.path(percentEncoded: false)) locked for 0.5 s; gave up, nothing was changed. Try "
                + "again.\n")
        #expect(!FileManager.default.fileExists(atPath: folder.todosFile.path(percentEncoded: false)))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aChangeWaitsForTheLockAndThenKeepsBothChanges() throws {
        expectSuccess(try todos("add", "A").run())
        let lock = HeldLock(folder.lockFile)
        // The lock is released once the waiting process said it waits, however long a busy machine takes to get there:
        // it gives up only after a minute, as a hang.
        let environment = ["TODOS_LOCK_NOTICE": "0.1", "TODOS_LOCK_TIMEOUT": "60"]
        let started = try todos("add", "B", environment: environment).start()
        let notice = "waiting for another todos process…\n"
        var announced = Data()
        while !String(decoding: announced, as: UTF8.self).contains(notice) {
            let chunk = started.2.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }  // standard error closed: the process ended without waiting
            announced.append(chunk)
        }
        lock.release()
        let result = TodosProcess.finish(started)
        expectSuccess(result)
        #expect(String(decoding: announced, as: UTF8.self) + result.errorOutput == notice)
        #expect(try folder.savedTitles() == ["A", "B"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aLockTimingThatIsNotANumberIsBadInput() throws {
        let result = try todos("add", "A", environment: ["TODOS_LOCK_TIMEOUT": "soon"]).run()
        #expect(result.status == 2)
        #expect(result.errorOutput.hasPrefix("error: TODOS_LOCK_TIMEOUT='soon' is not a number of seconds\n"))
        #expect(try folder.fileNames() == [])
    }
}

import Foundation
import Testing

import TodosCore
import TodosTestSupport

@testable import TodosFileStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files around the data file, case by case, each over the real `todos` executable in a folder of
/// its own: a folder others can write, lock files and data files that are links, FIFOs or devices, and fields that
/// this version does not know.
@Suite struct SharedFolderTests {
    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// `todos --data-dir <folder> arguments...`, not yet started; killed, as a hang, if it runs for a minute.
    private func todos(_ arguments: String..., environment: [String: String] = [:]) -> TodosProcess {
        TodosProcess(arguments: ["--data-dir", folder.path] + arguments, environment: environment)
    }

    private func path(_ name: String) -> String {
        folder.url.appending(component: name).path(percentEncoded: false)
    }

    // MARK: A folder that others can write

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(arguments: [0o777, 0o770, 0o757])
    func aFolderOthersCanWriteRefusesChangesAndNamesTheFix(mode: Int) throws {
        try folder.setPermissions(mode, of: folder.url)
        defer { try? folder.setPermissions(0o755, of: folder.url) }
        let octal = "0" + String(mode, radix: 8)
        let problem =
            "the data folder \(folder.path) can be written by other users (mode \(octal), no sticky bit), who could "
            + "replace the files todos saves there; make it yours alone with `chmod go-w \(folder.path)`"
        for change in [todos("add", "A"), todos("settings", "--sleep-goal", "6")] {
            let refused = try change.run()
            #expect(refused.status == 1)
            #expect(refused.output == "")
            #expect(
                refused.errorOutput
                    == "error: \(problem). Nothing was changed; set TODOS_ALLOW_SHARED_FOLDER=1 if other users are "
                    + "meant to change this folder.\n")
        }
        #expect(try folder.fileNames() == [])

        let listed = try todos("list").run()
        #expect(listed.status == 0)
        #expect(listed.output == "No todos yet.\n")
        #expect(listed.errorOutput == "warning: \(problem); changes there are refused until it is fixed.\n")
        let help = try todos("help").run()
        #expect(help.status == 0 && help.errorOutput == "")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aFolderOthersCanWriteIsUsedWhenSharingIsMeant() throws {
        try folder.setPermissions(0o777, of: folder.url)
        defer { try? folder.setPermissions(0o755, of: folder.url) }
        let result = try todos("add", "A", environment: ["TODOS_ALLOW_SHARED_FOLDER": "1"]).run()
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.errorOutput == "")
        #expect(try folder.savedTitles() == ["A"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aStickyFolderThatIsOursIsNotShared() throws {
        try folder.setPermissions(0o1777, of: folder.url)
        defer { try? folder.setPermissions(0o755, of: folder.url) }
        let result = try todos("add", "A").run()
        #expect(result.status == 0 && result.errorOutput == "", "\(result.errorOutput)")
        #expect(try folder.savedTitles() == ["A"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(.enabled(if: geteuid() == 0, "only root can run todos in a folder that another user owns"))
    func aFolderOwnedByAnotherUserRefusesChanges() throws {
        try folder.handToUnprivilegedUser()
        let refused = try todos("add", "A").run()
        #expect(refused.status == 1)
        #expect(
            refused.errorOutput
                == "error: the data folder \(folder.path) belongs to another user (uid 65534), who could replace the "
                + "files todos saves there; use a folder of your own. Nothing was changed; set "
                + "TODOS_ALLOW_SHARED_FOLDER=1 if other users are meant to change this folder.\n")
        #expect(try folder.fileNames() == [])
    }

    /// A data folder of ours in a folder that others can write: they can rename the data folder away and put a link
    /// to another folder of ours in its place (done here by the test itself), and the save would create `todos.json`
    /// and its lock file there. The folder above is checked like the data folder, so the change is refused and the
    /// link's target is left untouched.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aDataFolderInAFolderOthersCanWriteRefusesChangesAndCreatesNothingThroughALink() throws {
        let parent = folder.url.appending(component: "shared")
        let elsewhere = folder.url.appending(component: "elsewhere")
        for created in [parent, elsewhere] {
            try FileManager.default.createDirectory(at: created, withIntermediateDirectories: true)
        }
        try folder.setPermissions(0o755, of: elsewhere)
        try folder.setPermissions(0o777, of: parent)
        let data = parent.appending(component: "todos").path(percentEncoded: false)
        try FileManager.default.createSymbolicLink(
            atPath: data, withDestinationPath: elsewhere.path(percentEncoded: false))
        let problem =
            "the folder \(parent.path(percentEncoded: false)) above the data folder \(data) can be written by other "
            + "users (mode 0777, no sticky bit), who could put a link to another folder in the data folder's place; "
            + "make it yours alone with `chmod go-w \(parent.path(percentEncoded: false))`, or keep the data elsewhere"
        for arguments in [["add", "A"], ["settings", "--notifications", "off"]] {
            let refused = try TodosProcess(arguments: ["--data-dir", data] + arguments).run()
            #expect(refused.status == 1)
            #expect(
                refused.errorOutput
                    == "error: \(problem). Nothing was changed; set TODOS_ALLOW_SHARED_FOLDER=1 if other users are "
                    + "meant to change this folder.\n")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path(percentEncoded: false)) == [])
        let listed = try TodosProcess(arguments: ["--data-dir", data, "list"]).run()
        #expect(listed.status == 0)
        #expect(listed.errorOutput == "warning: \(problem); changes there are refused until it is fixed.\n")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aDataFolderBelowAStickyFolderOthersCanWriteIsNotShared() throws {
        let parent = folder.url.appending(component: "sticky")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        try folder.setPermissions(0o1777, of: parent)
        let data = parent.appending(component: "todos").path(percentEncoded: false)
        let result = try TodosProcess(arguments: ["--data-dir", data, "add", "A"]).run()
        #expect(result.status == 0 && result.errorOutput == "", "\(result.errorOutput)")
    }

    /// The issue's attack, with sharing allowed on purpose: another process replaces every temporary file of ours
    /// that appears with a symbolic link to a private file. Each save then fails or lands in the file it created;
    /// the private file never changes.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aProcessSwappingTemporaryFilesForLinksNeverGetsASaveIntoTheirTarget() throws {
        try folder.setPermissions(0o777, of: folder.url)
        defer { try? folder.setPermissions(0o755, of: folder.url) }
        let secretFolder = try TemporaryFolder()
        let secret = secretFolder.url.appending(component: "secret")
        let secretBytes = Data("root only\n".utf8)
        try secretBytes.write(to: secret)
        try secretFolder.setPermissions(0o600, of: secret)
        let swapper = TemporaryFileSwapper(folder: folder.path, target: secret.path(percentEncoded: false))
        let thread = Thread { swapper.run() }
        thread.start()
        defer { swapper.stop() }
        for number in 1...30 {
            let result = try todos("add", "todo \(number)", environment: ["TODOS_ALLOW_SHARED_FOLDER": "1"]).run()
            #expect(!result.wasKilled && (result.status == 0 || result.status == 1), "\(result.errorOutput)")
        }
        swapper.stop()
        #expect(swapper.swaps > 0, "the other process never saw a temporary file")
        #expect(try Data(contentsOf: secret) == secretBytes)
        #expect(try secretFolder.permissions(of: secret) == 0o600)
    }

    // MARK: Lock files that are not regular files

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(
        arguments: [
            (".todos.json.lock", ["add", "A"], "todos.json", true),
            (".todos.json.lock", ["list"], "todos.json", true),
            (".settings.json.lock", ["settings", "--sleep-goal", "6"], "settings.json", false),
            (".settings.json.lock", ["settings"], "settings.json", true),
        ]
    )
    func aLockFileThatIsALinkToNothingIsRefusedAndCreatesNothing(
        name: String,
        arguments: [String],
        dataFile: String,
        isRead: Bool
    ) throws {
        let nowhere = path("created-through-the-link")
        try FileManager.default.createSymbolicLink(atPath: path(name), withDestinationPath: nowhere)
        let result = try TodosProcess(arguments: ["--data-dir", folder.path] + arguments).run()
        #expect(result.status == 1)
        let reason = "its lock file \(path(name)) is a symbolic link, not a regular file; remove it and try again"
        #expect(
            result.errorOutput
                == (isRead
                    ? "error: cannot read \(path(dataFile)) (\(reason)); it was left untouched.\n"
                    : "error: cannot create \(path(dataFile)) (\(reason)); nothing was saved.\n"))
        #expect(!FileManager.default.fileExists(atPath: nowhere))
        #expect(try folder.fileNames() == [name])
    }

    // MARK: FIFOs and devices

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(
        arguments: [
            ("todos.json", ["list"], "cannot read", "it is a FIFO, not a regular file", "it was left untouched"),
            ("todos.json", ["add", "A"], "cannot read", "it is a FIFO, not a regular file", "it was left untouched"),
            ("settings.json", ["settings"], "cannot read", "it is a FIFO, not a regular file", "it was left untouched"),
            (
                "settings.json", ["settings", "--sleep-goal", "6"], "cannot read", "it is a FIFO, not a regular file",
                "it was left untouched"
            ),
            (
                ".todos.json.lock", ["list"], "cannot read",
                "its lock file LOCK is a FIFO, not a regular file; remove it and try again", "it was left untouched"
            ),
            (
                ".settings.json.lock", ["settings", "--notifications", "off"], "cannot create",
                "its lock file LOCK is a FIFO, not a regular file; remove it and try again", "nothing was saved"
            ),
        ]
    )
    func aFIFOIsRefusedAtOnceInsteadOfBlocking(
        name: String,
        arguments: [String],
        verb: String,
        reason: String,
        end: String
    ) throws {
        #expect(mkfifo(path(name), 0o644) == 0)
        let result = try TodosProcess(arguments: ["--data-dir", folder.path] + arguments).run()
        #expect(!result.wasKilled, "todos blocked on the FIFO")
        #expect(result.status == 1)
        let data = path(name.contains("settings") ? "settings.json" : "todos.json")
        #expect(
            result.errorOutput
                == "error: \(verb) \(data) (\(reason.replacingOccurrences(of: "LOCK", with: path(name)))); \(end).\n")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aDataFileLinkedToADeviceIsRefusedWithoutReadingIt() throws {
        try FileManager.default.createSymbolicLink(atPath: path("todos.json"), withDestinationPath: "/dev/zero")
        let result = try todos("list").run()
        #expect(!result.wasKilled)
        #expect(
            result.errorOutput
                == "error: cannot read \(path("todos.json")) (it is a character device, not a regular file); it was "
                + "left untouched.\n")
        #expect(result.status == 1)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(arguments: ["todos.json", "settings.json"])
    func aDataFileOverSixtyFourMebibytesIsRefused(name: String) throws {
        #expect(FileManager.default.createFile(atPath: path(name), contents: nil))
        #expect(truncate(path(name), 64 * 1024 * 1024 + 1) == 0)
        let result = try (name == "todos.json" ? todos("list") : todos("settings")).run()
        #expect(result.status == 1)
        #expect(
            result.errorOutput
                == "error: cannot read \(path(name)) (it is larger than 64 MiB, more than a todos file holds); it was "
                + "left untouched.\n")
    }

    // MARK: Fields this version does not know

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func unknownFieldsOfATodoSurviveSaves() throws {
        let saved = """
            [
              {"id": "5A3E0000-0000-4000-8000-000000000001", "title": "A", "date": 0, "isDone": false, "priority": 0,
               "tags": ["home", 3, 2.5, null, true], "reminder": {"at": "09:00"}},
              {"id": "5A3E0000-0000-4000-8000-000000000002", "title": "B", "date": 0, "isDone": false, "priority": 0,
               "colour": "red"}
            ]
            """
        try Data(saved.utf8).write(to: folder.todosFile)
        for run in [todos("done", "1"), todos("add", "C"), todos("move", "1", "3"), todos("rm", "1")] {
            let result = try run.run()
            #expect(result.status == 0, "\(result.errorOutput)")
        }
        let todos = try #require(try JSONSerialization.jsonObject(with: folder.todosBytes()) as? [[String: Any]])
        #expect(todos.map { $0["title"] as? String } == ["C", "A"])
        let first = try #require(todos.last)
        #expect(first["isDone"] as? Bool == true)
        #expect(
            NSArray(array: first["tags"] as? [Any] ?? []).isEqual(to: ["home", 3, 2.5, NSNull(), true] as [Any]))
        #expect(first["reminder"] as? [String: String] == ["at": "09:00"])
        #expect(todos[0]["colour"] == nil && todos[0]["tags"] == nil)
    }

    /// Identifiers written in lower case, as many tools write UUIDs (JavaScript's `crypto.randomUUID()`, Python's
    /// `str(uuid4())`), are the same todos: their unknown fields survive the save that writes the identifiers again.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func unknownFieldsOfATodoWithALowerCaseIdSurviveASave() throws {
        let saved = """
            [{"id": "5a3e0000-0000-4000-8000-00000000000a", "title": "A", "date": 0, "isDone": false, "priority": 0,
              "tags": ["home"]}]
            """
        try Data(saved.utf8).write(to: folder.todosFile)
        let result = try todos("done", "1").run()
        #expect(result.status == 0, "\(result.errorOutput)")
        let todos = try #require(try JSONSerialization.jsonObject(with: folder.todosBytes()) as? [[String: Any]])
        #expect(todos.count == 1)
        #expect(todos.first?["isDone"] as? Bool == true)
        #expect(todos.first?["tags"] as? [String] == ["home"])
    }

    /// A number that no 64-bit integer holds is kept digit for digit, not rounded to a `Double`'s 17 digits.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func anUnknownIntegerLargerThanSixtyFourBitsSurvivesASaveExactly() throws {
        let saved = """
            [{"id": "5A3E0000-0000-4000-8000-000000000001", "title": "A", "date": 0, "isDone": false, "priority": 0,
              "snowflake": 12345678901234567890, "serial": 123456789012345678901234567890, "ratio": 0.1}]
            """
        try Data(saved.utf8).write(to: folder.todosFile)
        let result = try todos("done", "1").run()
        #expect(result.status == 0, "\(result.errorOutput)")
        let text = String(decoding: try folder.todosBytes(), as: UTF8.self)
        #expect(text.contains("\"snowflake\" : 12345678901234567890,"), "\(text)")
        #expect(text.contains("\"serial\" : 123456789012345678901234567890,"), "\(text)")
        #expect(text.contains("\"ratio\" : 0.1,"), "\(text)")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func unknownSettingsSurviveASave() throws {
        try Data(#"{"sleepGoal": 7, "theme": "dark", "widgets": {"order": [2, 1]}}"#.utf8).write(
            to: folder.settingsFile)
        let result = try todos("settings", "--notifications", "off").run()
        #expect(result.output == "Sleep goal: 7 hours\nNotifications: off\n")
        let settings = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.settingsFile)) as? [String: Any])
        #expect(settings["theme"] as? String == "dark")
        #expect(settings["widgets"] as? [String: [Int]] == ["order": [2, 1]])
        #expect(settings["sleepGoal"] as? Double == 7)
        #expect(settings["isNotificationsEnabled"] as? Bool == false)
        #expect(settings.count == 4)
    }
}

/// Another user of a shared folder: replaces each of todos' temporary files that appears with a symbolic link to
/// `target`, as fast as it can, until stopped.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
private final class TemporaryFileSwapper: Sendable {
    private let folder: String
    private let target: String
    private let isStopped = Locked(false)
    private let swapped = Locked(0)

    /// How many temporary files it replaced with a link.
    var swaps: Int { swapped.withLock { $0 } }

    init(folder: String, target: String) {
        self.folder = folder
        self.target = target
    }

    func run() {
        var count = 0
        while !isStopped.withLock({ $0 }) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names where name.hasPrefix(".todos.json.") && name.hasSuffix(".tmp") {
                count += 1
                let link = "\(folder)/swap-\(count)"
                guard symlink(target, link) == 0 else { continue }
                if rename(link, "\(folder)/\(name)") == 0 {
                    swapped.withLock { $0 += 1 }
                } else {
                    unlink(link)
                }
            }
        }
    }

    func stop() {
        isStopped.withLock { $0 = true }
    }
}

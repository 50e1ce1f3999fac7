import AmbientTesting
import Foundation
import Testing

import TodosCore
import TodosTestSupport

@testable import TodosFileStorage

/// The failure a test injects into a save, after half the new file was written.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
private struct SimulatedCrash: Error, CustomStringConvertible {
    var description: String { "simulated crash" }
}

/// The file storage on disk. Each `withTestDependencies` block here is a root of testing values of its own, as a new
/// launch of the app would be: a store built in a second block sees only what the first one saved.
@MainActor @Suite struct TodoStorageTests {
    private let todos = [
        Todo(id: uuid(0), title: "Water the plants", date: Date(timeIntervalSinceReferenceDate: 817_661_188.835_096_5)),
        Todo(id: uuid(1), title: "Call \"the\" dentist ✓", date: testingDate, isDone: true, priority: 9),
    ]

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func fileRoundTripKeepsEveryField() throws {
        let folder = try TemporaryFolder()
        let storage = FileTodoStorage(url: folder.todosFile)
        try storage.save(todos)
        #expect(try storage.load() == todos)
        #expect(try FileTodoStorage(url: folder.todosFile).load() == todos)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func storeRoundTripsThroughTheFile() throws {
        let folder = try TemporaryFolder()
        withTestDependencies {
            $0.todoStorage = .file(at: folder.todosFile)
        } operation: {
            let store = TodosStore(dependencies: .current)
            store.add(title: "A", priority: 1)
            store.add(title: "B")
            store.toggle(uuid(1))
        }
        let reopened = withTestDependencies {
            $0.todoStorage = .file(at: folder.todosFile)
        } operation: {
            TodosStore(dependencies: .current)
        }
        #expect(
            reopened.todos == [
                Todo(id: uuid(0), title: "A", date: testingDate, priority: 1),
                Todo(id: uuid(1), title: "B", date: testingDate, isDone: true),
            ]
        )
        #expect(reopened.loadError == nil && reopened.saveError == nil)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func missingFileIsAnEmptyListAndIsNotCreated() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appending(path: "not/yet/todos.json")
        #expect(try FileTodoStorage(url: file).load() == [])
        #expect(
            !FileManager.default.fileExists(atPath: folder.url.appending(component: "not").path(percentEncoded: false)))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func saveCreatesTheFolderAndLeavesNoTemporaryFile() throws {
        let folder = try TemporaryFolder()
        try FileTodoStorage(url: folder.url.appending(path: "data/todos.json")).save(todos)
        let names = try FileManager.default.contentsOfDirectory(
            atPath: folder.url.appending(component: "data").path(percentEncoded: false))
        #expect(names.sorted() == [".todos.json.lock", "todos.json"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func failedSaveLeavesThePreviousFileWhole() throws {
        let folder = try TemporaryFolder()
        try FileTodoStorage(url: folder.todosFile).save(todos)
        let before = try folder.todosBytes()
        let crashing = AtomicFile(url: folder.todosFile) { data, descriptor in
            try AtomicFile.writeAndSynchronize(data.prefix(data.count / 2), to: descriptor)
            throw SimulatedCrash()
        }
        #expect(
            throws: FileStorageError.saveFailed(
                path: folder.todosFile.path(percentEncoded: false), reason: "simulated crash"
            ).storageError
        ) {
            try FileTodoStorage(crashing).save([])
        }
        #expect(try folder.todosBytes() == before)
        #expect(try folder.fileNames() == [".todos.json.lock", "todos.json"])
        #expect(try FileTodoStorage(url: folder.todosFile).load() == todos)
    }

    /// Another program (an editor, `cp`, a sync tool) changes the file while a save is under way, at the moment
    /// between todos' read and its rename: it takes no lock, so only the file itself shows it. The save fails and
    /// what the other program wrote stands, instead of being overwritten by a change made to the old contents.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(arguments: [false, true])
    func aFileChangedByAnotherProgramDuringASaveFailsTheSaveAndIsKept(byRename: Bool) throws {
        let folder = try TemporaryFolder()
        try FileTodoStorage(url: folder.todosFile).save(todos)
        let theirs = Data("[]\n".utf8)
        var file = AtomicFile(url: folder.todosFile)
        file.duringSave = { [url = folder.todosFile] step, _ in
            guard step == .written else { return }
            try? theirs.write(to: url, options: byRename ? .atomic : [])
        }
        #expect(
            throws: FileStorageError.saveFailed(
                path: folder.todosFile.path(percentEncoded: false),
                reason: "another program changed it after todos read it, without taking todos' lock; run the "
                    + "command again to apply it to what the file holds now"
            ).storageError
        ) {
            try FileTodoStorage(file).update { $0.append(Todo(id: uuid(7), title: "Mine", date: testingDate)) }
        }
        #expect(try folder.todosBytes() == theirs)
        #expect(try folder.fileNames() == [".todos.json.lock", "todos.json"])
    }

    /// Another program removes the data folder (`rm -rf`), or moves it away and puts an empty one in its place,
    /// while a save is under way. The save fails and writes nothing, and its message says that the folder went, not
    /// that the temporary file was replaced or that the previous file is unchanged.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(arguments: [AtomicFile.SaveStep.written, .checked], [false, true])
    func aDataFolderRemovedDuringASaveFailsTheSaveAndSaysSo(step: AtomicFile.SaveStep, isReplaced: Bool) throws {
        let root = try TemporaryFolder()
        let data = root.url.appending(component: "data")
        let moved = root.url.appending(component: "moved")
        let todosFile = data.appending(component: "todos.json")
        try FileTodoStorage(url: todosFile).save(todos)
        let before = try Data(contentsOf: todosFile)
        var file = AtomicFile(url: todosFile)
        file.duringSave = { current, _ in
            guard current == step else { return }
            if isReplaced {
                try? FileManager.default.moveItem(at: data, to: moved)
                try? FileManager.default.createDirectory(at: data, withIntermediateDirectories: false)
            } else {
                try? FileManager.default.removeItem(at: data)
            }
        }
        let folderPath = data.path(percentEncoded: false)
        #expect {
            try FileTodoStorage(file).update { $0.append(Todo(id: uuid(7), title: "Mine", date: testingDate)) }
        } throws: { error in
            (error as? TodoStorageError)?.description
                == "cannot save \(folderPath)/todos.json: the data folder \(folderPath) disappeared or was replaced "
                + "during the save, so nothing was saved in it. Check what \(folderPath) is now, restore it if it "
                + "was removed or moved by mistake, then try again."
        }
        if isReplaced {
            #expect(try FileManager.default.contentsOfDirectory(atPath: folderPath) == [])
            #expect(try Data(contentsOf: moved.appending(component: "todos.json")) == before)
        } else {
            #expect(!FileManager.default.fileExists(atPath: folderPath))
        }
        #expect(try root.fileNames() == (isReplaced ? ["data", "moved"] : []))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aFileCreatedByAnotherProgramDuringTheFirstSaveIsKept() throws {
        let folder = try TemporaryFolder()
        let theirs = Data("[]\n".utf8)
        var file = AtomicFile(url: folder.todosFile)
        file.duringSave = { [url = folder.todosFile] step, _ in
            if step == .written { try? theirs.write(to: url) }
        }
        #expect(throws: TodoStorageError.self) {
            try FileTodoStorage(file).save(todos)
        }
        #expect(try folder.todosBytes() == theirs)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func storeKeepsTheSaveErrorAndTheOldFile() throws {
        let folder = try TemporaryFolder()
        try FileTodoStorage(url: folder.todosFile).save(todos)
        let before = try folder.todosBytes()
        let crashing = AtomicFile(url: folder.todosFile) { _, _ in throw SimulatedCrash() }
        withTestDependencies {
            $0.todoStorage = FileTodoStorage(crashing)
        } operation: {
            let store = TodosStore(dependencies: .current)
            store.removeCompleted()
            #expect(
                store.saveError
                    == FileStorageError.saveFailed(
                        path: folder.todosFile.path(percentEncoded: false), reason: "simulated crash"
                    ).storageError)
            // The store shows what is saved, never an edit it could not save.
            #expect(store.todos == todos)
        }
        #expect(try folder.todosBytes() == before)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(
        arguments: [
            ("{\"oops\": ", "not valid JSON"),
            ("", "not valid JSON"),
            ("{}", "unexpected content at the top level"),
            ("[{\"title\": \"x\"}]", "no \"id\" at [0]"),
            ("[{\"id\": 3}]", "unexpected content at [0].id"),
        ]
    )
    func corruptFileIsReportedWithItsPathAndNeverOverwritten(contents: String, reason: String) throws {
        let folder = try TemporaryFolder()
        try Data(contents.utf8).write(to: folder.todosFile)
        let expected = FileStorageError.corrupt(
            path: folder.todosFile.path(percentEncoded: false), reason: reason
        ).storageError
        #expect(throws: expected) { try FileTodoStorage(url: folder.todosFile).load() }
        withTestDependencies {
            $0.todoStorage = .file(at: folder.todosFile)
        } operation: {
            let store = TodosStore(dependencies: .current)
            #expect(store.loadError == expected)
            store.add(title: "Would overwrite the file")
            store.removeCompleted()
        }
        #expect(try folder.todosBytes() == Data(contents.utf8))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func corruptFileMessageNamesThePathAndWhatToDo() {
        let error = FileStorageError.corrupt(path: "/data/todos.json", reason: "not valid JSON")
        #expect(
            error.description
                == "/data/todos.json is not a todos file (not valid JSON); it was left untouched. Fix or move it, then try again."
        )
        #expect(
            FileStorageError.saveFailed(path: "/data/todos.json", reason: "No space left on device").description
                == "cannot save /data/todos.json (No space left on device); the previous file is unchanged."
        )
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func unreadableFileIsReported() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.todosFile, withIntermediateDirectories: true)
        #expect {
            try FileTodoStorage(url: folder.todosFile).load()
        } throws: { error in
            guard case .unreadable(let message) = error as? TodoStorageError else { return false }
            return message.hasPrefix("cannot read \(folder.todosFile.path(percentEncoded: false)) (")
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func inMemoryStorageKeepsWhatWasSaved() throws {
        let storage: any TodoStorage = InMemoryTodoStorage(todos)
        #expect(try storage.load() == todos)
        try storage.save([todos[1]])
        #expect(try storage.load() == [todos[1]])
        #expect(storage.location == "memory")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func testingStorageIsEmptyAndPreviewStorageHoldsTheSamples() throws {
        let testing = withTestDependencies { DependencyValues.current.todoStorage }
        #expect(try testing.load() == [])
        let preview = withTestDependencies {
            $0.context = .preview
        } operation: {
            DependencyValues.current.todoStorage
        }
        #expect(try preview.load() == Todo.samples)
        #expect(preview.location == "memory")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aLiveStoreOfAnAppThatSetNoStorageRefusesChangesAndSaysWhy() throws {
        withTestDependencies {
            $0.context = .default
        } operation: {
            let store = TodosStore(dependencies: .current)
            #expect(store.loadError == .missing)
            #expect(store.add(title: "Would be lost at exit") == nil)
            #expect(
                TodoStorageError.missing.description
                    == "no todo storage was set: set `\\.todoStorage` where the app starts (the command-line app sets "
                    + "a file storage in its data folder); nothing was read or saved.")
        }
    }
}

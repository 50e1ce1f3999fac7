import AmbientTesting
import Foundation
import Testing
import TodosCore
import TodosFileStorage
import TodosTestSupport

/// Two windows (or two previews) on one storage: each store changes the todos saved now, not the ones it last saw.
@MainActor @Suite(.dependencies) struct SharedStorageTests {
    /// Each case runs in a root of its own (the trait), so the `uuid` of both cases counts from zero.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(arguments: [false, true])
    func twoStoresOnOneStorageNeverUndoEachOthersTicks(onDisk: Bool) throws {
        let folder = try TemporaryFolder()
        let storage: any TodoStorage = onDisk ? .file(at: folder.todosFile) : .inMemory()
        try withDependencies {
            $0.todoStorage = storage
        } operation: {
            let first = TodosStore(dependencies: .current)
            first.add(title: "A")
            first.add(title: "B")
            let second = TodosStore(dependencies: .current)
            first.toggle(uuid(0))
            // `second` still shows A open; ticking B through a row's binding must keep A's tick.
            var ticked = try #require(second.todos.last)
            ticked.isDone = true
            second.update(ticked)
            #expect(try storage.load().map(\.isDone) == [true, true], "\(storage.location)")
            #expect(second.todos.map(\.isDone) == [true, true])
            first.reload()
            #expect(first.todos == second.todos)
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aStoreOnAFileThatCannotBeReadRefusesEveryChange() throws {
        let folder = try TemporaryFolder()
        let corrupt = Data("[{\"title\": ".utf8)
        try corrupt.write(to: folder.todosFile)
        withDependencies {
            $0.todoStorage = .file(at: folder.todosFile)
        } operation: {
            let store = TodosStore(dependencies: .current)
            #expect(!store.isEditable)
            #expect(store.add(title: "Never shown, never saved") == nil)
            store.removeCompleted()
            #expect(store.todos == [])
            #expect(
                store.loadError?.description.hasPrefix("\(folder.todosFile.path(percentEncoded: false)) is not a todos")
                    == true)
        }
        #expect(try folder.todosBytes() == corrupt)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aStoreThatLosesItsFileMidwayStopsAndRecoversOnReload() throws {
        let folder = try TemporaryFolder()
        try withDependencies {
            $0.todoStorage = .file(at: folder.todosFile)
        } operation: {
            let store = TodosStore(dependencies: .current)
            store.add(title: "A")
            let saved = try folder.todosBytes()
            try Data("garbage".utf8).write(to: folder.todosFile)
            #expect(store.add(title: "B") == nil)
            #expect(!store.isEditable)
            #expect(store.todos.map(\.title) == ["A"])
            try saved.write(to: folder.todosFile)
            store.reload()
            #expect(store.isEditable)
            #expect(store.add(title: "C") != nil)
            #expect(store.todos.map(\.title) == ["A", "C"])
        }
    }
}

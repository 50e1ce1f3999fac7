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

/// A save whose temporary file is replaced between its creation and its rename, deterministically: the file's
/// `writeTemporaryFile` and `duringSave` hooks do the swap that another user of a shared folder could do at that
/// moment.
@Suite struct TemporaryFileSwapTests {
    private let folder: TemporaryFolder
    /// A private file elsewhere, which the swap points at.
    private let target: URL
    private let targetBytes = Data("private\n".utf8)

    init() throws {
        folder = try TemporaryFolder()
        target = folder.url.appending(component: "private")
        try targetBytes.write(to: target)
    }

    /// Replaces the file at `temporary` with a symbolic link to the private file, as `rename(2)` over it would.
    private static func swapForLink(_ temporary: URL, to target: URL) {
        let link = temporary.deletingLastPathComponent().appending(component: "link").path(percentEncoded: false)
        precondition(symlink(target.path(percentEncoded: false), link) == 0)
        precondition(rename(link, temporary.path(percentEncoded: false)) == 0)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aTemporaryFileSwappedForALinkFailsTheSaveAndNothingReachesTheTarget() throws {
        try FileTodoStorage(url: folder.todosFile).save([Todo(id: uuid(0), title: "Before", date: testingDate)])
        let before = try folder.todosBytes()
        var file = AtomicFile(url: folder.todosFile)
        file.duringSave = { [target] step, temporary in
            if step == .written { Self.swapForLink(temporary, to: target) }
        }
        #expect {
            try FileTodoStorage(file).save([Todo(id: uuid(1), title: "After", date: testingDate)])
        } throws: { error in
            guard case .unsaved(let message) = error as? TodoStorageError else { return false }
            return message.hasPrefix("cannot save \(folder.todosFile.path(percentEncoded: false)) (")
                && message.hasSuffix(
                    ".tmp was replaced by another file before it could be renamed; the folder is shared with someone "
                        + "who changes it); the previous file is unchanged.")
        }
        #expect(try Data(contentsOf: target) == targetBytes)
        #expect(try folder.todosBytes() == before)
        #expect(try FileManager.default.destinationOfSymbolicLinkOrNil(folder.todosFile) == nil)
        // The swapped-in link was removed, never followed: only our own files are left.
        #expect(try folder.fileNames() == [".todos.json.lock", "private", "todos.json"])
    }

    /// The swap happens after the check, just before the rename: the rename then puts the link in the file's place,
    /// which the save sees and says, and the link's target is still untouched.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aTemporaryFileSwappedAfterItsCheckFailsTheSaveAndSaysTheFileWasReplaced() throws {
        try FileTodoStorage(url: folder.todosFile).save([Todo(id: uuid(0), title: "Before", date: testingDate)])
        var file = AtomicFile(url: folder.todosFile)
        file.duringSave = { [target] step, temporary in
            if step == .checked { Self.swapForLink(temporary, to: target) }
        }
        let path = folder.todosFile.path(percentEncoded: false)
        #expect(
            throws: FileStorageError.replaced(
                path: path,
                reason: "the temporary file was replaced by another file between its check and its rename, so "
                    + "another file now has this name; the folder is shared with someone who changes it"
            ).storageError
        ) {
            try FileTodoStorage(file).save([Todo(id: uuid(1), title: "After", date: testingDate)])
        }
        #expect(try Data(contentsOf: target) == targetBytes)
        #expect(
            try FileManager.default.destinationOfSymbolicLinkOrNil(folder.todosFile)
                == target.path(percentEncoded: false))
    }

    /// The swap happens before a byte is written: the bytes still go through the descriptor of the file the save
    /// created, never through the name to the link's target.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aTemporaryFileSwappedBeforeTheWriteNeverSendsTheBytesThroughTheLink() throws {
        var file = AtomicFile(url: folder.todosFile)
        let folderPath = folder.path
        file.writeTemporaryFile = { [target] data, descriptor in
            let temporary = try FileManager.default.contentsOfDirectory(atPath: folderPath)
                .first { $0.hasPrefix(".todos.json.") && $0.hasSuffix(".tmp") }
            Self.swapForLink(URL(filePath: folderPath).appending(component: temporary ?? "missing"), to: target)
            try AtomicFile.writeAndSynchronize(data, to: descriptor)
        }
        #expect(throws: TodoStorageError.self) {
            try FileTodoStorage(file).save([Todo(id: uuid(0), title: "Mine", date: testingDate)])
        }
        #expect(try Data(contentsOf: target) == targetBytes)
        #expect(!FileManager.default.fileExists(atPath: folder.todosFile.path(percentEncoded: false)))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aTemporaryFileSwappedForAnotherRegularFileFailsTheSave() throws {
        var file = AtomicFile(url: folder.todosFile)
        file.duringSave = { step, temporary in
            guard step == .written else { return }
            let impostor = temporary.deletingLastPathComponent().appending(component: "impostor")
            try? Data("[]\n".utf8).write(to: impostor)
            precondition(rename(impostor.path(percentEncoded: false), temporary.path(percentEncoded: false)) == 0)
        }
        #expect(throws: TodoStorageError.self) {
            try FileTodoStorage(file).save([Todo(id: uuid(0), title: "Mine", date: testingDate)])
        }
        #expect(!FileManager.default.fileExists(atPath: folder.todosFile.path(percentEncoded: false)))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aSaveThatNothingSwapsWritesThroughTheFileItCreated() throws {
        let seen = Locked<[String]>([])
        var file = AtomicFile(url: folder.todosFile)
        file.duringSave = { step, temporary in seen.withLock { $0.append("\(step) \(temporary.lastPathComponent)") } }
        try FileTodoStorage(file).save([Todo(id: uuid(0), title: "Mine", date: testingDate)])
        #expect(try folder.savedTitles() == ["Mine"])
        let steps = seen.withLock { $0 }
        #expect(steps.count == 2)
        #expect(steps.first?.hasPrefix("written .todos.json.") == true && steps.first?.hasSuffix(".tmp") == true)
        #expect(steps.last?.hasPrefix("checked .todos.json.") == true)
        #expect(try Data(contentsOf: target) == targetBytes)
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension FileManager {
    /// Where the symbolic link at `url` points, or `nil` when `url` is not a symbolic link.
    fileprivate func destinationOfSymbolicLinkOrNil(_ url: URL) throws -> String? {
        let attributes = try attributesOfItem(atPath: url.path(percentEncoded: false))
        guard attributes[.type] as? FileAttributeType == .typeSymbolicLink else { return nil }
        return try destinationOfSymbolicLink(atPath: url.path(percentEncoded: false))
    }
}

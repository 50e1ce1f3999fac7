import Foundation

/// A new, empty folder for one test, removed when the test is done with it.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appending(component: "todos-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of the folder, as `--data-dir` takes it.
    var path: String { url.path(percentEncoded: false) }

    /// The data file of the todos in this folder.
    var todosFile: URL { url.appending(component: "todos.json") }

    /// The names of the files in the folder, sorted.
    func fileNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// The bytes of the todos file.
    func todosBytes() throws -> Data {
        try Data(contentsOf: todosFile)
    }
}

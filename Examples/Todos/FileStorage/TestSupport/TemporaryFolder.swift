public import Foundation

/// A new, empty folder for one test, removed when the test is done with it.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public final class TemporaryFolder {
    /// The folder.
    public let url: URL

    /// Creates the folder, with permissions `755` whatever the umask.
    public init() throws {
        url = FileManager.default.temporaryDirectory.appending(component: "todos-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        // Whatever the umask: a folder that others could write is one todos refuses to change.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of the folder, as `--data-dir` takes it.
    public var path: String { url.path(percentEncoded: false) }

    /// The data file of the todos in this folder.
    public var todosFile: URL { url.appending(component: "todos.json") }

    /// The names of the files in the folder, sorted.
    public func fileNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// The bytes of the todos file.
    public func todosBytes() throws -> Data {
        try Data(contentsOf: todosFile)
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension TemporaryFolder {
    /// The lock file of the todos in this folder.
    public var lockFile: URL { url.appending(component: ".todos.json.lock") }

    /// The settings file in this folder.
    public var settingsFile: URL { url.appending(component: "settings.json") }

    /// Hands the folder to the unprivileged user that permission tests run as (only needed when the tests run as
    /// root), so that its own permission bits decide what that user may do.
    public func handToUnprivilegedUser() throws {
        guard TodosProcess.dropsPrivileges else { return }
        for path in [path] + (try FileManager.default.subpathsOfDirectory(atPath: path)).map({ "\(self.path)/\($0)" }) {
            try FileManager.default.setAttributes(
                [.ownerAccountID: 65534, .groupOwnerAccountID: 65534], ofItemAtPath: path)
        }
    }

    /// Sets the permission bits of `url`.
    public func setPermissions(_ permissions: Int, of url: URL) throws {
        try FileManager.default.setAttributes(
            [.posixPermissions: permissions], ofItemAtPath: url.path(percentEncoded: false))
    }

    /// The permission bits of `url`.
    public func permissions(of url: URL) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: url.path(percentEncoded: false))[.posixPermissions] as? Int
            ?? -1
    }

    /// The titles of the todos saved in this folder.
    public func savedTitles() throws -> [String] {
        try JSONDecoder().decode([SavedTitle].self, from: todosBytes()).map(\.title)
    }
}

/// The title of a saved todo, read from the file without the example's own decoder.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
private struct SavedTitle: Decodable {
    var title: String
}

public import Ambient
public import Foundation

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension DependencyValues {
    /// The folder that holds the command-line app's files: see ``TodosDirectory`` for how it is found.
    ///
    /// The app builds its `\.todoStorage` from this value, so overriding it for a scope gives that scope its files
    /// in the new folder — that is how `--data-dir` works.
    public var todosDirectory: URL {
        get { self[TodosDirectoryKey.self] }
        set { self[TodosDirectoryKey.self] = newValue }
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
private enum TodosDirectoryKey: DependencyKey {
    static var defaultValue: URL {
        let environment = ProcessInfo.processInfo.environment
        return TodosDirectory.resolve(environment: environment, home: environment["HOME"] ?? NSHomeDirectory())
    }
    // A folder of its own per root, never the user's: only reached by a test that asks for the live folder.
    static var testingValue: URL {
        FileManager.default.temporaryDirectory.appending(component: "todos-\(UUID().uuidString)")
    }
}

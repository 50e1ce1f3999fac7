import Foundation

/// The process facts Ambient reads, in one place.
enum ProcessEnvironment {
    static var variables: [String: String] { ProcessInfo.processInfo.environment }
    static var arguments: [String] { ProcessInfo.processInfo.arguments }

    static func writeToStandardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// Reading a source file, for messages that quote the user's own declaration.
enum FileContents {
    /// The file's text, or `nil` when it cannot be read (a test binary run away from its sources).
    static func read(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(data: data, encoding: .utf8)
    }
}

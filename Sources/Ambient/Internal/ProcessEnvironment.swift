import Foundation

/// The process facts Ambient reads, in one place.
enum ProcessEnvironment {
    static var variables: [String: String] { ProcessInfo.processInfo.environment }
    static var arguments: [String] { ProcessInfo.processInfo.arguments }

    static func writeToStandardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

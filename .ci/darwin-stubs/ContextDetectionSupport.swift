// The declarations of Ambient that ContextDetection.swift uses, as Ambient declares them.
enum DependencyContext: CustomStringConvertible {
    case `default`, preview, testing
    var description: String { "\(self)" }
}

enum VisibleText {
    static func escaping(_ text: String) -> String { text }
}

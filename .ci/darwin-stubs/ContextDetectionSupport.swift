// The declarations of Ambient that ContextDetection.swift uses, as Ambient declares them.
enum DependencyContext: CaseIterable, CustomStringConvertible {
    case `default`, preview, testing
    var id: String { "\(self)" }
    var description: String { "\(self)" }
}

enum VisibleText {
    static func escaping(_ text: String) -> String { text }
}

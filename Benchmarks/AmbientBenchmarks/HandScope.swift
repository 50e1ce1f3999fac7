import Ambient

/// The hand-written baseline for a scope: one task-local value, set and restored.
enum HandScope {
    @TaskLocal static var value = 0
}

extension DependencyValues {
    /// Values on a new root, so that every key's default is created again on first read.
    static func freshRoot() -> DependencyValues {
        _freshRoot(context: .default)
    }
}

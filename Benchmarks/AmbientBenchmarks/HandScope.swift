import Ambient

/// The hand-written baselines for scopes: task-local values, set and restored.
enum HandScope {
    /// The empty scope: an integer.
    @TaskLocal static var value = 0
    /// The least scope: a chain of nodes.
    @TaskLocal static var node: Node? = nil

    /// A scope's node at its least: the enclosing node and one value.
    final class Node: Sendable {
        let parent: Node?
        let value: any Sendable

        init(parent: Node?, value: any Sendable) {
            self.parent = parent
            self.value = value
        }
    }
}

/// Ten properties that each keep the task-local's node, as ten properties that each keep their creation scope must.
final class HandTen {
    let n0, n1, n2, n3, n4, n5, n6, n7, n8, n9: HandScope.Node?

    init() {
        (n0, n1, n2, n3, n4) = (HandScope.node, HandScope.node, HandScope.node, HandScope.node, HandScope.node)
        (n5, n6, n7, n8, n9) = (HandScope.node, HandScope.node, HandScope.node, HandScope.node, HandScope.node)
    }
}

extension DependencyValues {
    /// Values on a new root, so that every key's default is created again on first read.
    static func freshRoot() -> DependencyValues {
        _freshRoot(context: .default)
    }
}

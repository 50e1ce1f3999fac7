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

/// The same, with the key path that each property is declared with, as `@Dependency(\.d0)` is: evaluating a key
/// path literal returns the key path retained (`swift_getKeyPath`), so a wrapper that takes one pays a retain and a
/// release for it, whether it keeps it or not.
final class HandTenKeepingKeyPaths {
    typealias Path = KeyPath<DependencyValues, BenchClient>
    let n0, n1, n2, n3, n4, n5, n6, n7, n8, n9: HandScope.Node?
    let k0, k1, k2, k3, k4, k5, k6, k7, k8, k9: Path

    init() {
        (n0, n1, n2, n3, n4) = (HandScope.node, HandScope.node, HandScope.node, HandScope.node, HandScope.node)
        (n5, n6, n7, n8, n9) = (HandScope.node, HandScope.node, HandScope.node, HandScope.node, HandScope.node)
        (k0, k1, k2, k3, k4) = (\.d0, \.d1, \.d2, \.d3, \.d4)
        (k5, k6, k7, k8, k9) = (\.d5, \.d6, \.d7, \.d8, \.d9)
    }
}

extension DependencyValues {
    /// Values on a new root, so that every key's default is created again on first read.
    static func freshRoot() -> DependencyValues {
        _freshRoot(context: .default)
    }
}

import Ambient

extension ReferenceModel {
    /// Where a read is made: a scope, or a value's values.
    enum Place: @unchecked Sendable {
        // Safe: as the model's; the interpreter hands a place to the thread or task it starts, and waits for it.
        case scope(Scope)
        case values(Values)

        var root: Root { node.root }

        var context: DependencyContext { node.context }

        var node: any Node {
            switch self {
            case .scope(let scope): scope
            case .values(let values): values
            }
        }

        /// The override of `key` these values see, the innermost first.
        func override(of key: Int) -> Int? {
            switch self {
            case .scope(let scope): scope.overrides[key] ?? scope.parent?.override(of: key)
            case .values(let values): values.overrides[key]
            }
        }
    }

    /// A scope: its overrides on top of its parent's (none for a root's own values), and the instances built for it.
    final class Scope: Node {
        let root: Root
        let parent: Place?
        let overrides: [Int: Int]
        let context: DependencyContext
        /// The instances handed out in this scope that belong to it, by context and key.
        var instances: [DependencyContext: [Int: Int]] = [:]

        init(root: Root, parent: Place?, overrides: [Int: Int], context: DependencyContext) {
            (self.root, self.parent, self.overrides, self.context) = (root, parent, overrides, context)
        }

        var strong: [Int] { Array(overrides.values) + instances.values.flatMap(\.values) }
        var strongNodes: [any Node] { parent.map { [$0.node] } ?? [] }
    }

    /// A value's values: the overrides it was made with, its scope (held weakly), and what it read.
    final class Values: Node {
        let root: Root
        let scope: Place
        let overrides: [Int: Int]
        let context: DependencyContext
        /// The key of the value these are the values of (`nil` for an object that is no default).
        let key: Int?
        /// Its key, and those of the values whose values it was made in: the values that may hold it.
        let holders: Set<Int>
        /// What reads through these values were handed, by context and key, and whether it is held weakly.
        var remembered: [DependencyContext: [Int: (serial: Int, weakly: Bool, reads: Set<Int>)]] = [:]

        init(of key: Int?, madeIn scope: Place, context: DependencyContext? = nil) {
            (self.root, self.scope, self.key) = (scope.root, scope, key)
            self.context = context ?? scope.context
            var overrides: [Int: Int] = [:]
            var holders: Set<Int> = key.map { [$0] } ?? []
            var place: Place? = scope
            while let current = place {
                switch current {
                case .scope(let scope):
                    overrides.merge(scope.overrides) { inner, _ in inner }
                    place = scope.parent
                case .values(let values):
                    overrides.merge(values.overrides) { inner, _ in inner }
                    holders.formUnion(values.holders)
                    place = nil
                }
            }
            self.overrides = overrides
            self.holders = holders
        }

        var strong: [Int] {
            Array(overrides.values) + remembered.values.flatMap(\.values).filter { !$0.weakly }.map(\.serial)
        }
        /// Its scopes and its root, and values it was made from, only weakly.
        var strongNodes: [any Node] { [] }
    }

    /// A creation under way.
    final class Creation {
        let key: Int
        let serial: Int
        let source: Place
        /// The root that knows the key: the source's, or its heir once that ended.
        let root: Root
        let values: Values
        let parent: Creation?
        /// How many creations of each key started the tasks this creation runs in (the chain report's count).
        let lineage: [Int: Int]
        var reads: Set<Int> = []

        init(
            key: Int, serial: Int, source: Place, root: Root, values: Values, parent: Creation?, lineage: [Int: Int]
        ) {
            (self.key, self.serial, self.source, self.root, self.values) = (key, serial, source, root, values)
            (self.parent, self.lineage) = (parent, lineage)
        }
    }
}

/// What holds what, for the model's count of what lives: a scope, a value's values.
protocol Node: AnyObject {
    /// The root it belongs to.
    var root: ReferenceModel.Root { get }
    /// The context its reads are in.
    var context: DependencyContext { get }
    /// The instances it holds.
    var strong: [Int] { get }
    /// The scopes and values it holds.
    var strongNodes: [any Node] { get }
}

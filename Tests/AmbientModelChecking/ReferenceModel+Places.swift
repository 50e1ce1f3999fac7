import Ambient

/// Where the model's reads are made, and the creations under way.
extension ReferenceModel {
    /// Where a read is made: a scope, or a value's values.
    enum Place: @unchecked Sendable {
        // Safe: as the model's; the interpreter hands a place to the thread or task it starts, and waits for it.
        case scope(Scope)
        case values(Values)

        var root: Root {
            switch self {
            case .scope(let scope): scope.root
            case .values(let values): values.root
            }
        }

        var context: DependencyContext {
            switch self {
            case .scope(let scope): scope.context
            case .values(let values): values.context
            }
        }

        var id: ObjectIdentifier {
            switch self {
            case .scope(let scope): ObjectIdentifier(scope)
            case .values(let values): ObjectIdentifier(values)
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
    final class Scope {
        let root: Root
        let parent: Place?
        let overrides: [Int: Int]
        let context: DependencyContext
        /// The instances handed out in this scope that belong to it, by context and key.
        var instances: [DependencyContext: [Int: Int]] = [:]

        init(root: Root, parent: Place?, overrides: [Int: Int], context: DependencyContext) {
            (self.root, self.parent, self.overrides, self.context) = (root, parent, overrides, context)
        }
    }

    /// A value's values: the overrides it was made with, its scope (held weakly), and what it read.
    final class Values {
        let root: Root
        let scope: Place
        let overrides: [Int: Int]
        let context: DependencyContext
        /// Its key, and those of the values whose values it was made in: the values that may hold it.
        let holders: Set<Int>
        /// What reads through these values were handed, by context and key, and whether it is held weakly.
        var remembered: [DependencyContext: [Int: (serial: Int, weakly: Bool, reads: Set<Int>)]] = [:]

        /// The values of a default of `key` (`nil`: an object that is no default) made in `scope`.
        init(of key: Int?, madeIn scope: Place) {
            (self.root, self.scope, self.context) = (scope.root, scope, scope.context)
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
            (self.overrides, self.holders) = (overrides, holders)
        }
    }

    /// A creation under way.
    final class Creation {
        let key: Int
        let serial: Int
        let source: Place
        /// The root that knows the key: the source's, or ``afterTheEnd`` once that ended.
        let root: Root
        let values: Values
        let parent: Creation?
        /// How many creations of each key started the tasks this creation runs in (the chain report's count).
        let lineage: [Int: Int]
        var reads: Set<Int> = []

        init(key: Int, serial: Int, source: Place, root: Root, values: Values, parent: Creation?, lineage: [Int: Int]) {
            (self.key, self.serial, self.source, self.root, self.values) = (key, serial, source, root, values)
            (self.parent, self.lineage) = (parent, lineage)
        }
    }
}

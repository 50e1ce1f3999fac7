import Ambient

/// Where the model's reads are made, what holds what, and the creations under way.
extension ReferenceModel {
    /// Where a read is made: a ``Scope`` or a ``Values``, with its root, context and overrides.
    class Place: @unchecked Sendable {
        // Safe: as the model's; the interpreter hands a place to the thread or task it starts, and waits for it.
        let root: Root
        let context: DependencyContext
        /// The overrides it sets: a scope's own, or all those a value's values were made with.
        let overrides: [Int: Int]

        init(root: Root, context: DependencyContext, overrides: [Int: Int]) {
            (self.root, self.context, self.overrides) = (root, context, overrides)
        }

        /// The override of `key` these values see, the innermost first.
        func override(of key: Int) -> Int? { overrides[key] }

        /// Whether it overrides a key of `reads` (any override for ``ReferenceModel/anyOverride``).
        func overrides(anyOf reads: Set<Int>) -> Bool {
            !overrides.isEmpty
                && (reads.contains(ReferenceModel.anyOverride) || overrides.keys.contains(where: reads.contains))
        }

        /// The scope a key that reads `reads` belongs to, seen from here: the innermost scope that overrides one of
        /// them, else the root's own values. A value's values look in the scopes they were made in.
        func owner(of reads: Set<Int>) -> Scope { fatalError("a Scope or a Values") }

        /// The values that a scope made inside them, and overriding none of `reads` there, is a scope of; `nil` for a
        /// scope that overrides one, or that no value's values are under.
        func values(answering reads: Set<Int>) -> Values? { nil }

        /// What it holds (Lifetimes: "A value holds the values it was created from, but their scopes and root only
        /// weakly"): a scope, its parent, its overrides and the instances built for it; values, their overrides and
        /// what they keep strongly.
        var holds: (places: [Place], instances: [Int]) { ([], []) }
    }

    /// A scope: its overrides on top of its parent's (none for a root's own values), and the instances built for it.
    final class Scope: Place, @unchecked Sendable {
        // Safe: as a place's.
        let parent: Place?
        /// The instances handed out in this scope that belong to it, by context and key.
        var instances: [DependencyContext: [Int: Int]] = [:]

        init(root: Root, parent: Place?, overrides: [Int: Int], context: DependencyContext) {
            self.parent = parent
            super.init(root: root, context: context, overrides: overrides)
        }

        override func override(of key: Int) -> Int? { overrides[key] ?? parent?.override(of: key) }

        override func owner(of reads: Set<Int>) -> Scope {
            overrides(anyOf: reads) ? self : parent?.owner(of: reads) ?? self
        }

        override func values(answering reads: Set<Int>) -> Values? {
            overrides(anyOf: reads) ? nil : parent?.values(answering: reads)
        }

        override var holds: (places: [Place], instances: [Int]) {
            (parent.map { [$0] } ?? [], Array(overrides.values) + instances.values.flatMap(\.values))
        }
    }

    /// A value's values: the overrides it was made with, its scope (held weakly), and what it read.
    final class Values: Place, @unchecked Sendable {
        // Safe: as a place's.
        let scope: Place
        /// Its key, and those of the values whose values it was made in: the values that may hold it.
        let holders: Set<Int>
        /// What reads through these values were handed, by context and key, and whether it is held weakly.
        var remembered: [DependencyContext: [Int: (serial: Int, weakly: Bool, reads: Set<Int>)]] = [:]

        /// The values of a default of `key` (`nil`: an object that is no default) made in `scope`.
        init(of key: Int?, madeIn scope: Place) {
            var (overrides, place) = ([Int: Int](), Optional(scope))
            while let scope = place as? Scope {
                overrides.merge(scope.overrides) { inner, _ in inner }
                place = scope.parent
            }
            overrides.merge(place?.overrides ?? [:]) { inner, _ in inner }
            self.scope = scope
            holders = Set(key.map { [$0] } ?? []).union((place as? Values)?.holders ?? [])
            super.init(root: scope.root, context: scope.context, overrides: overrides)
        }

        override func owner(of reads: Set<Int>) -> Scope { scope.owner(of: reads) }

        override func values(answering reads: Set<Int>) -> Values? { self }

        override var holds: (places: [Place], instances: [Int]) {
            ([], Array(overrides.values) + remembered.values.flatMap { $0.values.filter { !$0.weakly }.map(\.serial) })
        }
    }

    /// A creation under way.
    struct Creation {
        let key: Int
        let serial: Int
        let source: Place
        /// The root that knows the key: the source's, or ``ReferenceModel/afterTheEnd`` once that ended.
        let root: Root
        let values: Values
        /// How many creations of each key started the tasks this creation runs in (the chain report's count).
        let lineage: [Int: Int]
    }

    // MARK: Lifetimes

    /// Notes that the program holds `place` (until ``release(_:)``): it, and what it holds, live.
    func hold(_ place: Place) { held.append(place) }

    func release(_ place: Place) {
        if let index = held.lastIndex(where: { $0 === place }) { held.remove(at: index) }
    }

    /// Notes that the program keeps the instance of `serial`, to its end.
    func keepInstance(_ serial: Int) { heldInstances.append(serial) }

    /// Whether anything alive holds `scope` (Lifetimes: "A scope lives while something holds its values").
    func isAlive(_ scope: Scope) -> Bool { reachable().places.contains(ObjectIdentifier(scope)) }

    /// The instances alive now: those that what the program holds, creations under way and tasks not run yet hold.
    func liveInstances() -> Set<Int> { reachable().instances }

    /// What `places` hold, and what that holds in turn; without `places`, what the program, the creations under way
    /// and the tasks not run yet hold.
    private func reachable(from places: [Place]? = nil) -> (places: Set<ObjectIdentifier>, instances: Set<Int>) {
        var placesToVisit =
            places ?? held + startedWork.map(\.values) + underWay.flatMap { [$0.values, $0.source] }
        var instancesToVisit = places == nil ? heldInstances : []
        var seen: (places: Set<ObjectIdentifier>, instances: Set<Int>) = ([], [])
        while !placesToVisit.isEmpty || !instancesToVisit.isEmpty {
            if let place = placesToVisit.popLast() {
                guard seen.places.insert(ObjectIdentifier(place)).inserted else { continue }
                placesToVisit += place.holds.places
                instancesToVisit += place.holds.instances
            } else if let serial = instancesToVisit.popLast(), seen.instances.insert(serial).inserted,
                let values = instances[serial]?.values
            {
                placesToVisit.append(values)
            }
        }
        return seen
    }

    /// How many of the program's instances, overrides included, stay alive once it dropped everything it held:
    /// those on a cycle of what holds what (Swift frees no cycle), and what they hold. "Nothing keeps a scope alive
    /// but what still uses it" leaves none.
    func survivors() -> Int {
        (held, heldInstances) = ([], [])
        var alive: Set<Int> = []
        for (serial, instance) in instances where !alive.contains(serial) {
            guard let values = instance.values else { continue }
            let held = reachable(from: [values])
            if held.instances.contains(serial) { alive.formUnion(held.instances) }
        }
        return alive.count
    }
}

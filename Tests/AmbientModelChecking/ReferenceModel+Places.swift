import Ambient

/// Where the model's reads are made, and what holds what.
extension ReferenceModel {
    /// Where a read is made: a scope (its overrides on top of its parent's, none for a root's own values, and the
    /// instances built for it), or a value's values (all the overrides it was made with, the place it was made in,
    /// held weakly, and what it read).
    final class Place: @unchecked Sendable {
        // Safe: as the model's; the interpreter hands a place to the thread or task it starts, and waits for it.
        let root: Root
        let context: DependencyContext
        let overrides: [Int: Int]
        /// A scope's enclosing place; `nil` for a root's own values and a value's values.
        let parent: Place?
        /// A value's values: the place they were made in; `nil` for a scope.
        let madeIn: Place?
        /// The keys of the values that may hold these: a value's own key, and those of the values it, or the scope,
        /// was made in.
        let holders: Set<Int>
        /// By context and key, a scope's instances (those handed out in it that belong to it), or what reads through
        /// a value's values were handed; whether it holds it weakly, and what its creation read.
        var remembered: [DependencyContext: [Int: (serial: Int, weakly: Bool, reads: Set<Int>)]] = [:]

        init(root: Root, parent: Place?, overrides: [Int: Int], context: DependencyContext) {
            (self.root, self.parent, self.overrides, self.context) = (root, parent, overrides, context)
            (madeIn, holders) = (nil, parent?.holders ?? [])
        }

        /// The values of a default of `key` (`nil`: an object that is no default) made in `place`.
        init(valuesOf key: Int?, madeIn place: Place) {
            (root, context, parent, madeIn) = (place.root, place.context, nil, place)
            (overrides, holders) = (place.allOverrides, place.holders.union(key.map { [$0] } ?? []))
        }

        /// The root's own values: the place with neither parent nor values it was made in.
        var rootScope: Place { parent?.rootScope ?? madeIn?.rootScope ?? self }

        /// The overrides these values see, the innermost first (overrides nest).
        var allOverrides: [Int: Int] { overrides.merging(parent?.allOverrides ?? [:]) { inner, _ in inner } }

        /// The scope a key that reads `reads` belongs to, seen from here: the innermost scope that overrides one of
        /// them (any, for ``ReferenceModel/anyOverride``), else the root's own values. A value's values look in the
        /// place they were made in.
        func owner(of reads: Set<Int>) -> Place {
            madeIn?.owner(of: reads) ?? (overrides(anyOf: reads) ? self : parent?.owner(of: reads) ?? self)
        }

        /// The values that a scope made inside them, and overriding none of `reads` there, is a scope of; `nil` for a
        /// scope that overrides one, or that no value's values are under.
        func values(answering reads: Set<Int>) -> Place? {
            madeIn != nil ? self : overrides(anyOf: reads) ? nil : parent?.values(answering: reads)
        }

        private func overrides(anyOf reads: Set<Int>) -> Bool {
            !overrides.isEmpty && !reads.isDisjoint(with: overrides.keys + [ReferenceModel.anyOverride])
        }

        /// The instances it holds (Lifetimes: "A value holds the values it was created from, but their scopes and
        /// root only weakly"): its overrides, and what it remembers strongly. A scope holds its parent too.
        var holds: [Int] {
            Array(overrides.values) + remembered.values.flatMap { $0.values.filter { !$0.weakly }.map(\.serial) }
        }
    }

    // MARK: Lifetimes

    /// Notes that the program holds `place` (until ``release(_:)``): it, and what it holds, live.
    func hold(_ place: Place) { held.append(place) }

    func release(_ place: Place) { _ = held.lastIndex { $0 === place }.map { held.remove(at: $0) } }

    /// Notes that the program keeps the instance of `serial`, to its end.
    func keepInstance(_ serial: Int) { heldInstances.append(serial) }

    /// Whether anything alive holds `scope` (Lifetimes: "A scope lives while something holds its values").
    func isAlive(_ scope: Place) -> Bool { reachable().places.contains(ObjectIdentifier(scope)) }

    /// The instances alive now: those that what the program holds, creations under way and tasks not run yet hold.
    func liveInstances() -> Set<Int> { reachable().instances }

    /// What `start` holds, and what that holds in turn; without `start`, what the program, the creations under way
    /// and the tasks not run yet hold.
    private func reachable(from start: [Place]? = nil) -> (places: Set<ObjectIdentifier>, instances: Set<Int>) {
        var seen: (places: Set<ObjectIdentifier>, instances: Set<Int>) = ([], Set(start == nil ? heldInstances : []))
        var places =
            (start ?? held + startedWork.map(\.values) + underWay.flatMap { [$0.values, $0.values.madeIn!] })
            + seen.instances.compactMap { instances[$0]?.values }
        while let place = places.popLast() {
            guard seen.places.insert(ObjectIdentifier(place)).inserted else { continue }
            let holds = place.holds
            seen.instances.formUnion(holds)
            places += (place.parent.map { [$0] } ?? []) + holds.compactMap { instances[$0]?.values }
        }
        return seen
    }

    /// How many of the program's instances, overrides included, stay alive once it dropped everything it held:
    /// those on a cycle of what holds what (Swift frees no cycle), and what they hold. "Nothing keeps a scope alive
    /// but what still uses it" leaves none.
    func survivors() -> Int {
        (held, heldInstances) = ([], [])
        return instances.reduce(into: Set<Int>()) { alive, instance in
            let held = reachable(from: instance.value.values.map { [$0] } ?? []).instances
            if held.contains(instance.key) { alive.formUnion(held) }
        }.count
    }
}

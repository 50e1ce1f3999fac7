extension ReferenceModel {
    /// Notes that the program holds `place` (until ``release(_:)``): it, and what it holds, live.
    func hold(_ place: Place) {
        held[ObjectIdentifier(place.node), default: (place.node, 0)].count += 1
    }

    func release(_ place: Place) {
        let id = ObjectIdentifier(place.node)
        held[id]?.count -= 1
        if held[id]?.count == 0 { held[id] = nil }
    }

    /// Notes that the program keeps the instance of `serial` (until ``dropInstance(_:)``).
    func keepInstance(_ serial: Int) {
        heldInstances[serial, default: 0] += 1
    }

    /// Drops everything the program held: what lives after that is what holds itself.
    func dropEverything() {
        held = [:]
        heldInstances = [:]
    }

    /// Whether anything alive holds `scope`.
    func isAlive(_ scope: Scope) -> Bool {
        reachable().nodes.contains(ObjectIdentifier(scope))
    }

    /// The instances alive now: those that what the program holds, creations under way and tasks not run yet hold.
    func liveInstances() -> Set<Int> {
        reachable().instances
    }

    /// What `nodes` hold, and what that holds in turn; without `nodes`, what the program, the creations under way and
    /// the tasks not run yet hold.
    private func reachable(from nodes: [any Node]? = nil) -> (nodes: Set<ObjectIdentifier>, instances: Set<Int>) {
        var nodesToVisit: [any Node] =
            nodes
            ?? (held.values.map(\.node) + startedWork.map(\.values) + underWay.flatMap { [$0.values, $0.source.node] })
        var instancesToVisit = nodes == nil ? Array(heldInstances.keys) : []
        var seenNodes: Set<ObjectIdentifier> = []
        var seenInstances: Set<Int> = []
        while !nodesToVisit.isEmpty || !instancesToVisit.isEmpty {
            if let node = nodesToVisit.popLast() {
                guard seenNodes.insert(ObjectIdentifier(node)).inserted else { continue }
                nodesToVisit += node.strongNodes
                instancesToVisit += node.strong
            } else if let serial = instancesToVisit.popLast() {
                guard seenInstances.insert(serial).inserted else { continue }
                if let values = self.instances[serial]?.values { nodesToVisit.append(values) }
            }
        }
        return (seenNodes, seenInstances)
    }

    /// How many of the program's instances, overrides included, stay alive once it dropped everything it held:
    /// those on a cycle of what holds what (Swift frees no cycle), and what they hold. The rules leave none.
    func survivors() -> Int {
        dropEverything()
        var alive: Set<Int> = []
        for serial in instances.keys where !alive.contains(serial) {
            guard let values = instances[serial]?.values else { continue }
            let held = reachable(from: [values])
            if held.instances.contains(serial) { alive.formUnion(held.instances) }
        }
        return alive.count
    }
}

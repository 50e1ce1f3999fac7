import Ambient

extension ReferenceModel {
    /// Makes `key`'s default from the values of `source`: its reads while created (and the scope it enters), the
    /// keys of its properties (never their values), the work it starts. It goes where its key's first creation's reads
    /// put it, if that scope lives: one built for a value after its scope ended stays that value's.
    func create(_ key: Int, from source: Place) -> (serial: Int, reads: Set<Int>) {
        let context = source.context
        let root = knowledge(source)
        // Only a real cycle stops the process: the same instance needed while it is being created. A read in values
        // that override the key of a creation on the way from it asks for another instance.
        var onTheWay: [Int] = []
        var outer = top
        while let creation = outer {
            if creation.key == key, creation.values.context == context, creation.root === root,
                !onTheWay.contains(where: { source.override(of: $0) != creation.source.override(of: $0) })
            {
                reachedCycle = true
                return (0, [])
            }
            onTheWay.append(creation.key)
            outer = creation.parent
        }
        guard creations.reduce(0, +) < Self.mostCreations else {
            reachedCreationBound = true
            return (0, [])
        }
        creations[key] += 1
        lastSerial += 1
        let serial = lastSerial
        let behavior = keys[key]
        let values = Values(of: key, madeIn: source)
        let creation = Creation(
            key: key, serial: serial, source: source, root: root, values: values, parent: top,
            lineage: top?.lineage ?? lineageOfTheRunningTask)
        top = creation
        underWay.append(creation)
        defer { underWay.removeLast() }
        readWhileCreated(behavior, creation)
        top = creation.parent
        if !hasStopped { runWork(of: behavior, creation) }
        var reads = creation.reads
        for property in behavior.laterReads where property != key {
            // Lazy is lazy: a property's key alone counts, with what that key is known to read.
            reads.insert(property)
            if values.overrides[property] != nil { continue }
            var around = creation.parent
            while let current = around, current.key != property || current.values.context != context {
                around = current.parent
            }
            if around == nil, let known = root.firstReads[context]?[property] {
                reads.formUnion(known)
            } else {
                reads.insert(Self.anyOverride)
            }
        }
        reads.remove(key)
        let holdsItsValues =
            !behavior.references.isEmpty || behavior.capturesCurrent || behavior.isOwner || behavior.work?.kind == .task
        instances[serial] = (key, holdsItsValues ? values : nil)
        return place(creation, reads: reads)
    }

    /// The reads of a creation before its value exists: its reads, those that depend on a value, and those in the
    /// scope it enters; each counts the keys the read counts.
    private func readWhileCreated(_ behavior: KeyBehavior, _ creation: Creation) {
        func read(_ key: Int, in place: Place) -> Int {
            creation.reads.insert(key)
            let resolved = resolve(key, in: place)
            creation.reads.formUnion(resolved.reads)
            return resolved.serial
        }
        let values = Place.values(creation.values)
        behavior.readWhileCreated(until: { hasStopped }, { read($0, in: values) }) { entered in
            // A scope of its own, inside the values it is created from.
            let serial = ModelRuntime.overrideSerial(madeBy: creation.key)
            let inner = scope(in: values, overrides: [entered.overriding: serial], context: nil)
            hold(inner)
            _ = read(entered.reads, in: inner)
            release(inner)
        }
    }

    /// The work a creation starts: a Dispatch block or a task it waits for reads in its values at once, with none of
    /// its bookkeeping; a `Task` reads once the program lets it.
    private func runWork(of behavior: KeyBehavior, _ creation: Creation) {
        guard let work = behavior.work else { return }
        let lineage = creation.lineage.merging([creation.key: 1], uniquingKeysWith: +)
        switch work.kind {
        case .dispatch, .taskDuringCreation:
            let saved = (top, lineageOfTheRunningTask)
            top = nil
            lineageOfTheRunningTask = work.kind == .dispatch ? [:] : lineage
            let serials = work.reads.map { read($0, in: .values(creation.values)) }
            (top, lineageOfTheRunningTask) = saved
            dispatchedReads.append((creation.serial, serials))
        case .task where behavior.shape == .object:
            startedWork.append((creation.serial, creation.values, work.reads, lineage))
        case .task:
            break
        }
    }

    /// Places a created value: the first creation of its key in the root decides which scopes share an instance,
    /// and a later one that read more is reported, once per key and read. A third creation of a key in a row by
    /// the tasks of its values is reported as a chain.
    private func place(_ creation: Creation, reads: Set<Int>) -> (serial: Int, reads: Set<Int>) {
        let (key, context, root) = (creation.key, creation.values.context, creation.root)
        if let first = root.firstReads[context]?[key], !first.contains(Self.anyOverride) {
            for late in reads.subtracting(first).sorted()
            where late != Self.anyOverride && root.lateReadsReported.insert([key, late]).inserted {
                reports.append("late k\(key)")
            }
        }
        if creation.lineage[key, default: 0] >= 2, root.chainsReported.insert(key).inserted {
            reports.append("chain k\(key)")
        }
        let first = root.firstReads[context]?[key] ?? reads
        root.firstReads[context, default: [:]][key] = first
        let owner = owner(of: first, from: creation.source)
        if isAlive(owner) {
            let placed = owner.instances[context]?[key] ?? creation.serial
            owner.instances[context, default: [:]][key] = placed
            return (placed, first)
        }
        // Its scope ended: the values it was made for keep it, and no scope sees it.
        if let values = valuesAnswering([], from: creation.source) {
            remember(creation.serial, of: key, in: values, context: context, reads: first, builtForIt: true)
        }
        return (creation.serial, first)
    }

    /// Where the model stops a chain of creations by the tasks of their values: work whose lineage created one key
    /// three times in a row, or made six creations in a row, reads nothing, in the model as in the program. Such a
    /// chain is what a default whose task reads what re-creates it makes once its scope ended (each first read is the
    /// reader's own), and it could go on for ever, growing each time; a key's chain is reported at its third creation.
    static func endsAChain(_ lineage: [Int: Int]) -> Bool {
        lineage.values.contains { $0 >= 3 } || lineage.values.reduce(0, +) >= 6
    }

    /// Takes the work started since the last call, for the program to let it run: what each must read, predicted, or
    /// `nil` for work that ends a chain and reads nothing.
    func takeStartedWork() -> [(serial: Int, reads: [Int]?)] {
        // One after another, in the order they started: work that their reads start waits for the next call.
        (0..<startedWork.count).map { _ in
            let started = startedWork.removeFirst()
            if Self.endsAChain(started.lineage) { return (started.serial, nil) }
            lineageOfTheRunningTask = started.lineage
            defer { lineageOfTheRunningTask = [:] }
            return (started.serial, started.reads.map { read($0, in: .values(started.values)) })
        }
    }

    // MARK: Lifetimes

    /// Notes that the program holds `place` (until ``release(_:)``): it, and what it holds, live.
    func hold(_ place: Place) {
        held[place.id, default: (place, 0)].count += 1
    }

    func release(_ place: Place) {
        held[place.id]?.count -= 1
        if held[place.id]?.count == 0 { held[place.id] = nil }
    }

    /// Notes that the program keeps the instance of `serial`, to its end.
    func keepInstance(_ serial: Int) {
        heldInstances[serial, default: 0] += 1
    }

    /// Whether anything alive holds `scope`.
    func isAlive(_ scope: Scope) -> Bool {
        reachable().places.contains(ObjectIdentifier(scope))
    }

    /// The instances alive now: those that what the program holds, creations under way and tasks not run yet hold.
    func liveInstances() -> Set<Int> {
        reachable().instances
    }

    /// What `places` hold, and what that holds in turn; without `places`, what the program, the creations under way
    /// and the tasks not run yet hold.
    private func reachable(from places: [Place]? = nil) -> (places: Set<ObjectIdentifier>, instances: Set<Int>) {
        var placesToVisit: [Place] =
            places ?? held.values.map(\.place) + startedWork.map { .values($0.values) }
            + underWay.flatMap { [Place.values($0.values), $0.source] }
        var instancesToVisit = places == nil ? Array(heldInstances.keys) : []
        var seen: (places: Set<ObjectIdentifier>, instances: Set<Int>) = ([], [])
        while !placesToVisit.isEmpty || !instancesToVisit.isEmpty {
            if let place = placesToVisit.popLast() {
                guard seen.places.insert(place.id).inserted else { continue }
                // A scope holds its parent, its overrides and the instances built for it; values their overrides
                // and what they keep strongly (their scopes and root only weakly).
                switch place {
                case .scope(let scope):
                    if let parent = scope.parent { placesToVisit.append(parent) }
                    instancesToVisit += scope.overrides.values
                    for built in scope.instances.values { instancesToVisit += built.values }
                case .values(let values):
                    instancesToVisit += values.overrides.values
                    for kept in values.remembered.values {
                        instancesToVisit += kept.values.filter { !$0.weakly }.map(\.serial)
                    }
                }
            } else if let serial = instancesToVisit.popLast(), seen.instances.insert(serial).inserted,
                let values = instances[serial]?.values
            {
                placesToVisit.append(.values(values))
            }
        }
        return seen
    }

    /// How many of the program's instances, overrides included, stay alive once it dropped everything it held:
    /// those on a cycle of what holds what (Swift frees no cycle), and what they hold. The rules leave none.
    func survivors() -> Int {
        (held, heldInstances) = ([:], [:])
        var alive: Set<Int> = []
        for serial in instances.keys where !alive.contains(serial) {
            guard let values = instances[serial]?.values else { continue }
            let held = reachable(from: [.values(values)])
            if held.instances.contains(serial) { alive.formUnion(held.instances) }
        }
        return alive.count
    }
}

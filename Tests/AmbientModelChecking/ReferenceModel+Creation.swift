import Ambient

extension ReferenceModel {
    /// Makes `key`'s default from the values of `source`: its reads while created (and the scope it enters), the
    /// keys of its properties (never their values), the work it starts. It goes where its key's first creation's reads
    /// put it, if that scope lives: one built for a value after its scope ended stays that value's.
    func create(_ key: Int, from source: Place) -> (serial: Int, reads: Set<Int>) {
        let (context, root) = (source.context, knowledge(source))
        // Only a real cycle stops the process: the same instance needed while it is being created. A read in values
        // that override the key of a creation on the way from it asks for another instance.
        let enclosing = self.enclosing
        for (index, creation) in enclosing.enumerated()
        where creation.key == key && creation.values.context == context && creation.root === root
            && enclosing[..<index].allSatisfy({ source.override(of: $0.key) == creation.source.override(of: $0.key) })
        {
            reachedCycle = true
            return (0, [])
        }
        guard creations.reduce(0, +) < Self.mostCreations else {
            reachedCreationBound = true
            return (0, [])
        }
        creations[key] += 1
        let (behavior, values) = (keys[key], Values(of: key, madeIn: source))
        let creation = Creation(
            key: key, serial: creations.reduce(0, +), source: source, root: root, values: values,
            lineage: enclosing.first?.lineage ?? lineageOfTheRunningTask)
        underWay.append(creation)
        defer { underWay.removeLast() }
        var reads = readWhileCreated(behavior, creation)
        if !hasStopped { runWork(of: behavior, creation) }
        for property in behavior.laterReads where property != key {
            // Lazy is lazy: a property's key alone counts, with what that key is known to read.
            reads.insert(property)
            if values.overrides[property] != nil { continue }
            let known = root.firstReads[context]?[property]
            if let known, !enclosing.contains(where: { $0.key == property && $0.values.context == context }) {
                reads.formUnion(known)
            } else {
                reads.insert(Self.anyOverride)
            }
        }
        reads.remove(key)
        let holdsItsValues =
            !behavior.references.isEmpty || behavior.capturesCurrent || behavior.isOwner || behavior.work?.kind == .task
        instances[creation.serial] = (key, holdsItsValues ? values : nil)
        return place(creation, reads: reads)
    }

    /// The reads of a creation before its value exists: its reads, those that depend on a value, and those in the
    /// scope it enters; each counts the keys the read counts.
    private func readWhileCreated(_ behavior: KeyBehavior, _ creation: Creation) -> Set<Int> {
        var reads: Set<Int> = []
        func read(_ key: Int, in place: Place) -> Int {
            let resolved = resolve(key, in: place)
            reads.formUnion(resolved.reads.union([key]))
            return resolved.serial
        }
        behavior.readWhileCreated(until: { hasStopped }, { read($0, in: creation.values) }) { entered in
            // A scope of its own, inside the values it is created from.
            let serial = ModelRuntime.overrideSerial(madeBy: creation.key)
            let inner = scope(in: creation.values, overrides: [entered.overriding: serial], context: nil)
            hold(inner)
            _ = read(entered.reads, in: inner)
            release(inner)
        }
        return reads
    }

    /// The work a creation starts (Bookkeeping ends with the creation: "Work it starts gets the values the default is
    /// created from … and nothing else"): a Dispatch block or a task it waits for reads in its values at once; a
    /// `Task` reads once the program lets it.
    private func runWork(of behavior: KeyBehavior, _ creation: Creation) {
        guard let work = behavior.work else { return }
        let lineage = creation.lineage.merging([creation.key: 1], uniquingKeysWith: +)
        switch work.kind {
        case .dispatch, .taskDuringCreation:
            // Dispatch carries no lineage.
            let saved = (readerStart, lineageOfTheRunningTask)
            (readerStart, lineageOfTheRunningTask) = (underWay.count, work.kind == .dispatch ? [:] : lineage)
            let serials = work.reads.map { read($0, in: creation.values) }
            (readerStart, lineageOfTheRunningTask) = saved
            dispatchedReads.append((creation.serial, serials))
        case .task where behavior.shape == .object:
            startedWork.append((creation.serial, creation.values, work.reads, lineage))
        case .task:
            break
        }
    }

    /// Places a created value (Overrides reach derived defaults): "The default's first creation in a root decides
    /// which scopes share: a later creation that reads another key moves nothing, and Ambient says so once". A third
    /// creation of a key in a row by the tasks of its values is reported as a chain.
    private func place(_ creation: Creation, reads: Set<Int>) -> (serial: Int, reads: Set<Int>) {
        let (key, context, root) = (creation.key, creation.values.context, creation.root)
        if let first = root.firstReads[context]?[key], !first.contains(Self.anyOverride) {
            for late in reads.subtracting(first).sorted()
            where late != Self.anyOverride && root.reported.insert("late k\(key) k\(late)").inserted {
                reports.append("late k\(key)")
            }
        }
        if creation.lineage[key, default: 0] >= 2, root.reported.insert("chain k\(key)").inserted {
            reports.append("chain k\(key)")
        }
        let first = root.firstReads[context]?[key] ?? reads
        root.firstReads[context, default: [:]][key] = first
        let owner = creation.source.owner(of: first)
        if isAlive(owner) {
            let placed = owner.instances[context]?[key] ?? creation.serial
            owner.instances[context, default: [:]][key] = placed
            return (placed, first)
        }
        // Its scope ended: the values it was made for keep it strongly, whatever the weak rule says (it was built for
        // them alone), and no scope sees it.
        if let values = creation.source.values(answering: []) {
            values.remembered[context, default: [:]][key] = (creation.serial, false, first)
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
            return (started.serial, started.reads.map { read($0, in: started.values) })
        }
    }
}

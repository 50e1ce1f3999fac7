import Ambient

extension ReferenceModel {
    /// A creation under way: the values it is made from (``Place/madeIn`` is its source), the root that knows its key
    /// (the source's, or ``ReferenceModel/afterTheEnd`` once that ended), and how many creations of each key started
    /// the tasks it runs in (the chain report's count).
    typealias Creation = (key: Int, serial: Int, values: Place, root: Root, lineage: [Int: Int])

    /// Makes `key`'s default from the values of `source`: its reads while created (and the scope it enters), the
    /// keys of its properties (never their values), the work it starts. It goes where its key's first creation's reads
    /// put it, if that scope lives: one built for a value after its scope ended stays that value's.
    func create(_ key: Int, from source: Place) -> (serial: Int, reads: Set<Int>) {
        let (context, root, enclosing) = (source.context, knowledge(source), underWay[readerStart...].reversed())
        let (behavior, values) = (keys[key], Place(valuesOf: key, madeIn: source))
        // Only a real cycle stops the process: the same instance needed while it is being created. A read in values
        // that override the key of a creation on the way from it asks for another instance.
        for (index, creation) in zip(enclosing.indices, enclosing)
        where creation.key == key && creation.values.context == context && creation.root === root
            && enclosing[..<index].allSatisfy({ values.overrides[$0.key] == creation.values.overrides[$0.key] })
        {
            reachedCycle = true
            return (0, [])
        }
        guard creations.reduce(0, +) < Self.mostCreations else {
            reachedCreationBound = true
            return (0, [])
        }
        creations[key] += 1
        let lineage = enclosing.first?.lineage ?? lineageOfTheRunningTask
        let creation: Creation = (key, creations.reduce(0, +), values, root, lineage)
        underWay.append(creation)
        defer { underWay.removeLast() }
        var reads = readWhileCreated(behavior, creation)
        if !hasStopped { runWork(of: behavior, creation) }
        for property in behavior.laterReads where property != key {
            // Lazy is lazy: a property's key alone counts, with what that key is known to read (unless it is overridden):
            // every override while it is not known, or being created.
            let beingCreated = enclosing.contains { $0.key == property && $0.values.context == context }
            let known = beingCreated ? nil : root.firstReads[context]?[property]
            reads.formUnion([property] + (values.overrides[property] != nil ? [] : known ?? [Self.anyOverride]))
        }
        reads.remove(key)
        let holdsItsValues =
            !behavior.references.isEmpty || behavior.capturesCurrent || behavior.isOwner || behavior.work?.kind == .task
        instances[creation.serial] = (key, holdsItsValues ? values : nil)
        return place(creation, reads: reads)
    }

    /// The reads of a creation before its value exists: its reads, those that depend on a value, and those in the
    /// scope it enters (a scope of its own, inside the values it is created from); each counts the keys the read
    /// counts.
    private func readWhileCreated(_ behavior: KeyBehavior, _ creation: Creation) -> Set<Int> {
        var reads: Set<Int> = []
        func read(_ key: Int, in place: Place) -> Int {
            let resolved = resolve(key, in: place)
            reads.formUnion(resolved.reads.union([key]))
            return resolved.serial
        }
        behavior.readWhileCreated(until: { hasStopped }, { read($0, in: creation.values) }) { scopedRead in
            let serial = ModelRuntime.overrideSerial(madeBy: creation.key)
            let inner = scope(in: creation.values, overrides: [creation.key: serial], context: nil)
            hold(inner)
            _ = read(scopedRead, in: inner)
            release(inner)
        }
        return reads
    }

    /// The work a creation starts (Bookkeeping ends with the creation: "Work it starts gets the values the default is
    /// created from … and nothing else"): a Dispatch block (which carries no lineage) or a task it waits for reads in
    /// its values at once; a `Task` reads once the program lets it.
    private func runWork(of behavior: KeyBehavior, _ creation: Creation) {
        guard let work = behavior.work else { return }
        let lineage = creation.lineage.merging([creation.key: 1], uniquingKeysWith: +)
        if work.kind == .task, behavior.shape == .object {
            startedWork.append((creation.serial, creation.values, work.reads, lineage))
        }
        guard work.kind != .task else { return }
        let saved = (readerStart, lineageOfTheRunningTask)
        (readerStart, lineageOfTheRunningTask) = (underWay.count, work.kind == .dispatch ? [:] : lineage)
        let serials = work.reads.map { read($0, in: creation.values) }
        (readerStart, lineageOfTheRunningTask) = saved
        dispatchedReads.append((creation.serial, serials))
    }

    /// Places a created value (Overrides reach derived defaults): "The default's first creation in a root decides
    /// which scopes share: a later creation that reads another key moves nothing, and Ambient says so once". A third
    /// creation of a key in a row by the tasks of its values is reported as a chain.
    private func place(_ creation: Creation, reads: Set<Int>) -> (serial: Int, reads: Set<Int>) {
        let (key, context, root) = (creation.key, creation.values.context, creation.root)
        let first = root.firstReads[context]?[key] ?? reads
        let late = first.contains(Self.anyOverride) ? [] : reads.subtracting(first.union([Self.anyOverride]))
        for late in late where root.reported.insert("late k\(key) k\(late)").inserted { reports.append("late k\(key)") }
        if creation.lineage[key, default: 0] >= 2, root.reported.insert("chain k\(key)").inserted {
            reports.append("chain k\(key)")
        }
        root.firstReads[context, default: [:]][key] = first
        // Once its scope ended, the values it was made for keep it strongly, whatever the weak rule says (it was built
        // for them alone), and no scope sees it.
        let (source, owner) = (creation.values.madeIn!, creation.values.madeIn!.owner(of: first))
        let keeper = isAlive(owner) ? owner : source.values(answering: [])
        let placed = keeper === owner ? owner.remembered[context]?[key]?.serial ?? creation.serial : creation.serial
        keeper?.remembered[context, default: [:]][key] = (placed, false, first)
        return (placed, first)
    }

    /// Takes the work started since the last call, for the program to let it run: what each must read, predicted, or
    /// `nil` for work that ends a chain and reads nothing.
    ///
    /// Work whose lineage created one key three times in a row, or made six creations in a row, ends a chain of
    /// creations by the tasks of their values, in the model as in the program. Such a chain is what a default whose
    /// task reads what re-creates it makes once its scope ended (each first read is the reader's own), and it could go
    /// on for ever, growing each time; a key's chain is reported at its third creation.
    func takeStartedWork() -> [(serial: Int, reads: [Int]?)] {
        // One after another, in the order they started: work that their reads start waits for the next call.
        (0..<startedWork.count).map { _ in
            let started = startedWork.removeFirst()
            let lineage = started.lineage.values
            if lineage.contains(where: { $0 >= 3 }) || lineage.reduce(0, +) >= 6 { return (started.serial, nil) }
            lineageOfTheRunningTask = started.lineage
            defer { lineageOfTheRunningTask = [:] }
            return (started.serial, started.reads.map { read($0, in: started.values) })
        }
    }
}

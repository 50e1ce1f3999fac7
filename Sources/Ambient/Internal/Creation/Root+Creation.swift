// Creating a root's defaults: one creation per key and context at a time, published where it belongs once it
// knows what it read (see ``Root``).

extension Root {
    /// Creates the default of `Key` for a read in `storage`, or waits for the thread already creating `Key` in
    /// this root and context and then looks again.
    ///
    /// One creation of a key runs at a time per root and context, whichever scope it is for: a creation only learns
    /// where its value belongs (which overrides it read) once it is done, so two creations of one key could
    /// otherwise build two values for one scope. Whether the value is still missing is decided under the lock that
    /// every creation publishes under, so no read creates a value that another creation has just published.

    func create<Key: DependencyKey>(
        _: Key.Type,
        id: ObjectIdentifier,
        in storage: ScopeNode
    ) -> (box: AnyBox, reads: [ObjectIdentifier]) {
        var read = FirstRead(of: Key.self, id: id, in: storage, root: self)
        let step: CreationStep = creations.waitFor(
            warningAfter: CreationWait.warningDelay,
            warning: { read.waitWarning(in: $0) },
            warn: CreationWait.warn
        ) { read.step(in: &$0) }
        switch step {
        case .retry:
            return defaultValue(of: Key.self, id: id, in: storage)
        case .create(let creation):
            _TestHooks.willCreate(Key.self, in: self, readIn: storage)
            let created = createAndPublish(Key.self, creation: creation, in: creation.source ?? storage)
            return storage.source.handOut(created, of: id, for: storage)
        }
    }

    /// The values a default read in `storage` is created from: those of the scope its instance will belong to.
    ///
    /// The first creation of a key learns what it reads, so it is created from the reading scope's values and
    /// placed by them. Every later creation belongs where the first one's reads say (the innermost scope that
    /// overrides one of them, or the root), and is created from that scope's values, so that its instance is the
    /// same whichever of the scopes that share it reads it first: a key it reads that the first creation did not is
    /// read there, not in the scope below that overrides it (<doc:Semantics#One-instance-per-key-per-scope>).
    func source(of id: ObjectIdentifier, readIn storage: ScopeNode) -> ScopeNode {
        guard let info = infoTable(for: storage.context).find(id) else { return storage }
        guard let scope = owner(of: id, for: storage, reads: info.reads) else {
            guard storage.hasOverrides else { return storage }
            let node = ScopeNode(rootNodeOf: storage)
            node.setContext(storage.context)
            return node
        }
        // A scope below the owner may have chosen another context: the creation is the reading context's.
        guard scope.context != storage.context else { return scope }
        let node = ScopeNode(parent: scope)
        node.setContext(storage.context)
        return node
    }

    /// Creates the value of `creation`, registered by this thread, and publishes it.
    private func createAndPublish<Key: DependencyKey>(
        _: Key.Type,
        creation: Creation,
        in storage: ScopeNode
    ) -> (box: AnyBox, reads: [ObjectIdentifier]) {
        let values = DependencyValues(
            storage: ScopeNode(snapshotOf: storage, recorder: ReadRecorder(), for: creation.key))
        let (created, reads, directReads) = build(Key.self, creation: creation, values: values)
        let publication = Publication(
            key: Key.self, creation: creation, box: created, reads: reads, directReads: directReads, storage: storage
        )
        return publish(publication)
    }

    /// Publishes a created value where it belongs.
    ///
    /// - Returns: The published value and every key its creation read, transitively.
    private func publish(_ publication: Publication) -> (box: AnyBox, reads: [ObjectIdentifier]) {
        let creation = publication.creation
        let outcome = creations.withLockBroadcasting { state in
            place(publication, in: &state)
        }
        if Trace.isOn {
            Trace.created(
                publication.key, context: creation.context, in: self, rebuilt: outcome.rebuilt,
                readAt: creation.readContext?.site
            )
        }
        if outcome.isNewChain {
            IssueReporting.report(.misuse, Messages.chainOfCreations(publication.key), to: reporter)
        }
        for read in outcome.lateReads {
            IssueReporting.report(
                .misuse,
                Messages.lateRead(
                    name(of: read, among: publication.directReads, in: publication.storage), by: publication.key),
                to: reporter)
        }
        return (outcome.box, outcome.reads)
    }

    /// Puts a created value where it belongs, given every key its creation read (`publication.reads`), and ends its
    /// creation. Called under the lock of ``creations``, whose end wakes the threads that waited.
    ///
    /// The outcome's reads are the key's, its first creation's, as ``published(_:for:)`` answers: what a creation
    /// that read this value depends on through it.
    private func place(_ publication: Publication, in state: inout CreationState) -> Outcome {
        let (creation, id, context, reads) = (
            publication.creation, publication.creation.key, publication.creation.context, publication.reads
        )
        state.end(creation)
        let table = infoTable(for: context)
        let info =
            table.find(id)
            ?? state.learn(
                table.insert(
                    KeyInfo(
                        reads: reads, keyType: publication.key, directReads: publication.directReads,
                        createdAt: creation.readContext?.site
                    ),
                    for: id
                ),
                in: context
            )
        let late = info.lateReads(in: reads).filter {
            state.reportedLateReads.insert(LateRead(key: id, read: $0)).inserted
        }
        let isNewChain = creation.lineage.count(of: id) >= 2 && state.reportedChains.insert(id).inserted
        // The value belongs to the innermost scope that overrides what its first creation read.
        guard let scope = owner(of: id, for: publication.storage, reads: info.reads) else {
            return Outcome(
                box: info.value.storeIfNil(publication.box), reads: info.reads, rebuilt: false, lateReads: late,
                isNewChain: isNewChain)
        }
        let scoped = scope.scopedDefaults.load() ?? scope.scopedDefaults.storeIfNil(ScopedDefaults())
        let entry = scoped.table(for: context)
            .insert(ScopedDefault(box: publication.box, reads: info.reads), for: id)
        return Outcome(box: entry.box, reads: info.reads, rebuilt: true, lateReads: late, isNewChain: isNewChain)
    }

    /// Runs the key's value for the context with `values` current, and returns it with what it read and named.
    private func build<Key: DependencyKey>(
        _: Key.Type,
        creation: Creation,
        values: DependencyValues
    ) -> (box: AnyBox, reads: [ObjectIdentifier], directReads: [any DependencyKey.Type]) {
        // The read that asked for this value is not the read of what the value reads in turn.
        if ReadContext.current != nil {
            return ReadContext.$current.withValue(nil) { build(Key.self, creation: creation, values: values) }
        }
        let recorder = values.storage.recorder.unsafelyUnwrapped
        let box: AnyBox = CreationStack.$frame.withValue(CreationFrame(creation)) {
            DependencyValues.$currentValues.withValue(values) {
                Box(Key.value(for: creation.context))
            }
        }
        let closed = recorder.close()
        let directReads = closed.direct.filter { ObjectIdentifier($0) != creation.key }
        var reads = Set(closed.reads)
        if !closed.unresolved.isEmpty { reads.insert(KeyInfo.anyOverride) }
        for key in closed.named where ObjectIdentifier(key) != creation.key {
            reads.formUnion(namedReads(of: key, by: creation, in: values.storage))
        }
        reads.remove(creation.key)
        return (box, Array(reads), directReads)
    }

    /// The name of the key `id`: one of `directReads`, overridden in `storage`, or created in this root.
    private func name(
        of id: ObjectIdentifier, among directReads: [any DependencyKey.Type], in storage: ScopeNode
    ) -> String {
        if let key = directReads.first(where: { ObjectIdentifier($0) == id }) { return VisibleText.of(key) }
        if let override = storage.override(for: id) { return VisibleText.of(override.keyType) }
        for context in DependencyContext.allCases {
            if let info = infoTable(for: context).find(id) { return VisibleText.of(info.keyType) }
        }
        return "a key"
    }

    /// What a creation depends on through a `@Dependency` property it created on `key`, without reading it: the
    /// key, and the keys its default is known to read; any override, while those are not known yet.
    ///
    /// A key under way around the creation on this thread (a session whose property names the client being
    /// created) is not known yet either. Waiting for it would hold the creation's value from every other thread
    /// until the outer creation ends, and work that the outer creation starts and waits for may need that value:
    /// no creation waits for another's publication.
    private func namedReads(
        of key: any DependencyKey.Type, by creation: Creation, in storage: ScopeNode
    ) -> [ObjectIdentifier] {
        let id = ObjectIdentifier(key)
        if storage.override(for: id) != nil { return [id] }
        var outer = creation.parent
        while let current = outer, current.key != id || current.context != creation.context {
            outer = current.parent
        }
        if outer != nil { return [id, KeyInfo.anyOverride] }
        guard let info = infoTable(for: creation.context).find(id) else { return [id, KeyInfo.anyOverride] }
        return [id] + info.reads
    }
}

/// A created value on its way to where it belongs: what ``Root`` needs to place it and to report what it read.
struct Publication {
    let key: any DependencyKey.Type
    let creation: Creation
    let box: AnyBox
    /// Every key the creation read, transitively, and the keys its objects' properties named.
    let reads: [ObjectIdentifier]
    let directReads: [any DependencyKey.Type]
    /// The values the creation was read in: which scope overrides what it read decides where it belongs.
    let storage: ScopeNode
}

/// Where a published value went, and with which reads.
struct Outcome {
    let box: AnyBox
    let reads: [ObjectIdentifier]
    let rebuilt: Bool
    /// Keys this creation read that the key's first creation did not, reported now (<doc:Semantics#One-instance-per-key-per-scope>).
    var lateReads: [ObjectIdentifier] = []
    /// Whether this creation is the third value of a chain its root has not reported yet (``CreationLineage``).
    var isNewChain = false
}

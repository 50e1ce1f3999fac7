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

    /// Creates the value of `creation`, registered by this thread, and publishes it where it belongs: the innermost
    /// scope that overrides what the key's first creation read, or the root. Publishing ends the creation under the
    /// lock of ``creations``, which wakes the threads that waited.
    ///
    /// - Returns: The published value and the key's reads, its first creation's, as ``published(_:for:)``
    ///   answers: what a creation that read this value depends on through it.
    private func createAndPublish<Key: DependencyKey>(
        _: Key.Type,
        creation: Creation,
        in storage: ScopeNode
    ) -> (box: AnyBox, reads: [ObjectIdentifier]) {
        let values = DependencyValues(
            storage: ScopeNode(snapshotOf: storage, recorder: ReadRecorder(), for: creation.key))
        let (created, reads, directReads) = build(Key.self, creation: creation, values: values)
        let (id, context) = (creation.key, creation.context)
        let (placed, info, late, isNewChain, rebuilt) = creations.withLockBroadcasting { state in
            state.end(creation)
            let table = infoTable(for: context)
            let new = KeyInfo(
                reads: reads, keyType: Key.self, directReads: directReads, createdAt: creation.readContext?.site)
            let info = table.find(id) ?? state.learn(table.insert(new, for: id), in: context)
            let late = info.lateReads(in: reads).filter {
                state.reportedLateReads.insert(LateRead(key: id, read: $0)).inserted
            }
            let isNewChain = creation.lineage.count(of: id) >= 2 && state.reportedChains.insert(id).inserted
            guard let scope = owner(of: id, for: storage, reads: info.reads) else {
                return (info.value.storeIfNil(created), info, late, isNewChain, false)
            }
            let scoped = scope.scopedDefaults.load() ?? scope.scopedDefaults.storeIfNil(ScopedDefaults())
            let entry = scoped.table(for: context).insert(ScopedDefault(box: created, reads: info.reads), for: id)
            return (entry.box, info, late, isNewChain, true)
        }
        if Trace.isOn {
            Trace.created(Key.self, context: context, in: self, rebuilt: rebuilt, readAt: creation.readContext?.site)
        }
        if isNewChain { IssueReporting.report(.misuse, Messages.chainOfCreations(Key.self), to: reporter) }
        for read in late {
            let name = name(of: read, among: directReads, in: storage)
            IssueReporting.report(.misuse, Messages.lateRead(name, by: Key.self), to: reporter)
        }
        return (placed, info.reads)
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

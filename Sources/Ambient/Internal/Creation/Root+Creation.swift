// Creating a root's defaults: one creation per key and context at a time, published where it belongs once it
// knows what it read (see ``Root``); the creation itself, the frame work it starts sees, and the creations nested
// on a thread.

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

/// One default value being created: which key, on which thread, inside which other creation.
final class Creation: Sendable {
    let key: ObjectIdentifier
    let keyType: any DependencyKey.Type
    let context: DependencyContext
    let thread: UInt
    let parent: Creation?
    /// The root the value is created in.
    let root: ObjectIdentifier
    /// The reporter of the root the value is created for.
    let reporter: (any _DependencyIssueReporter)?
    /// The read that asked for the value, when a `@Dependency` made it in the testing context.
    let readContext: ReadContext?
    /// The creations whose work this one runs in.
    let lineage: CreationLineage
    /// The values the value is created from (``Root/source(of:readIn:)``): which overrides they have of the keys of
    /// the creations nested in this one decides whether a nested read of this key asks for the same instance
    /// (<doc:Semantics#Only-a-real-cycle-stops-the-process>). Held for the creation only, as its frame is.
    let source: ScopeNode?
    /// The creation of the same key and context under way around this one on its thread, for another instance
    /// (<doc:Semantics#Only-a-real-cycle-stops-the-process>): it is under way again once this one ends.
    let shadowed: Creation?

    init(
        key: ObjectIdentifier, keyType: any DependencyKey.Type, context: DependencyContext, thread: UInt,
        parent: Creation?, root: ObjectIdentifier, reporter: (any _DependencyIssueReporter)? = nil,
        readContext: ReadContext? = nil, lineage: CreationLineage = CreationLineage(), source: ScopeNode? = nil,
        shadowed: Creation? = nil
    ) {
        self.source = source
        self.shadowed = shadowed
        self.key = key
        self.keyType = keyType
        self.context = context
        self.thread = thread
        self.parent = parent
        self.root = root
        self.reporter = reporter
        self.readContext = readContext
        self.lineage = lineage
    }
}

/// The keys whose creations started the tasks that a creation runs in, transitively, each with how many of them
/// there were.
///
/// A default whose work creates the default again, once the value that started it was freed, starts a chain: each
/// new value's work creates the next. A creation whose lineage holds its own key twice is the chain's third value,
/// and its root reports the chain (<doc:Semantics#Bookkeeping-ends-with-the-creation>).
struct CreationLineage: Sendable {
    private var counts: [ObjectIdentifier: Int] = [:]

    /// How many creations of `key` started the work this lineage leads to.
    func count(of key: ObjectIdentifier) -> Int { counts[key] ?? 0 }

    /// This lineage, followed by work that a creation of `key` started.
    func followed(by key: ObjectIdentifier) -> CreationLineage {
        var next = self
        next.counts[key, default: 0] += 1
        return next
    }

    /// The lineage of a creation read where `frame` is the task-local frame: the frame's own, for a read nested in
    /// the frame's creation on its thread; else that followed by the frame's key, for work the frame's creation
    /// started.
    static func leading(from frame: CreationFrame?) -> CreationLineage {
        guard let frame else { return CreationLineage() }
        return frame.current != nil ? frame.lineage : frame.lineage.followed(by: frame.key)
    }
}

/// The innermost creation under way on one thread, as a task-local holds it.
///
/// Work a default's `init` starts can see the task-local: a task inherits it, and a Dispatch block that runs on the
/// creating thread reads it. The frame holds the creation weakly, and answers only on the creating thread, so such
/// work neither keeps the creation (and through it the new value) alive nor counts as nested in it
/// (<doc:Semantics#Bookkeeping-ends-with-the-creation>). What a task's creations inherit from it is their lineage.
final class CreationFrame: @unchecked Sendable {
    // Safe: every property is set in `init` only, and the runtime loads weak references atomically.
    private weak var creation: Creation?
    private let thread: UInt
    /// The creation's key and lineage, which work the creation started leads on from.
    let key: ObjectIdentifier
    let lineage: CreationLineage

    init(_ creation: Creation) {
        self.creation = creation
        thread = creation.thread
        key = creation.key
        lineage = creation.lineage
    }

    /// The creation, if it is still under way and this is its thread.
    var current: Creation? {
        guard thread == currentThreadID() else { return nil }
        return creation
    }
}

/// The creations nested on the current thread (creating a default is synchronous, so nesting means reads made by
/// a default while it is created).
enum CreationStack {
    /// The frame of the innermost creation under way on this task.
    @TaskLocal static var frame: CreationFrame?

    /// The innermost creation under way on this thread.
    static var top: Creation? { frame?.current }

    /// The creations from `start` down to `end` (inclusive), outermost first; just `[start]` when `end` is not
    /// nested in `start`.
    static func path(from start: Creation, to end: Creation?) -> [Creation] {
        var reversed: [Creation] = []
        var node = end
        while let current = node {
            reversed.append(current)
            if current === start { return reversed.reversed() }
            node = current.parent
        }
        return [start]
    }
}

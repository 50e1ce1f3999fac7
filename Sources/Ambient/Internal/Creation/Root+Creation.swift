// Creating a root's defaults: what a first read decides under the lock of its root's creations (create, wait, or
// stop a cycle; `CreationWait.swift` says how it waits and finds cycles), one creation per key and context at a
// time, published where it belongs once it knows what it read (see ``Root``); the creation itself, the frame work
// it starts sees, and the creations nested on a thread.

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
            // Whoever watches the values read hears of it: their root's reporter (a test's, also once a snapshot's
            // root ended), or in the testing context the process's root's test-root provider.
            if let reporter = storage.reporter {
                reporter.willCreate(Key.self)
            } else if isProcess, context == .testing, !storage.source.rootEnded {
                _TestHooks.processRootWillCreate(Key.self)
            }
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
            let readName = name(of: read, among: directReads, in: storage)
            IssueReporting.report(.misuse, Messages.lateRead(readName, by: Key.self), to: reporter)
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
}

/// A read of a default that its root has not published for the reading scope: what it decides, each time it looks
/// at the creations under way, under the lock of the root's creations.
///
/// It creates the value when nobody is creating the key, or when this thread is creating it for another instance;
/// waits while another thread creates it; and stops the process when this thread is creating the same instance
/// already, or when waiting would close a cycle (<doc:Semantics#Only-a-real-cycle-stops-the-process>).
struct FirstRead {
    let keyType: any DependencyKey.Type
    let slot: CreationSlot
    let storage: ScopeNode
    let root: Root
    let thread: UInt
    /// The creation this read is made in, if any.
    let parent: Creation?
    /// The creations whose work this read is made in.
    let lineage: CreationLineage
    /// The creation this read waits for, once it waits.
    private var awaited: Creation?

    init(of keyType: any DependencyKey.Type, id: ObjectIdentifier, in storage: ScopeNode, root: Root) {
        self.keyType = keyType
        slot = CreationSlot(key: id, context: storage.context)
        self.storage = storage
        self.root = root
        thread = currentThreadID()
        let frame = CreationStack.frame
        parent = frame?.current
        lineage = CreationLineage.leading(from: frame)
    }

    /// What to do now; `nil` to wait until the creations change.
    mutating func step(in state: inout CreationState) -> CreationStep? {
        if let awaited {
            // Woken (by any creation's end, or to warn): wait on while the awaited creation is under way.
            state.waiting[thread] = nil
            guard state.pending[slot] === awaited else { return .retry }
            state.waiting[thread] = WaitingThread(pending: awaited, top: parent)
            return nil
        }
        if storage.source.published(slot.key, for: storage) != nil { return .retry }
        let source = root.source(of: slot.key, readIn: storage)
        let pending = state.pending[slot]
        if let pending, pending.thread == thread, let same = sameInstanceUnderWay(from: source, pending: pending) {
            CycleReport.stop(CycleReport.sameThreadCycle(reentering: same, from: parent))
        }
        guard let pending, pending.thread != thread else {
            let creation = Creation(
                key: slot.key, keyType: keyType, context: slot.context, thread: thread, parent: parent,
                root: ObjectIdentifier(root), reporter: storage.reporter, readContext: ReadContext.current,
                lineage: lineage, source: source, shadowed: pending
            )
            state.pending[slot] = creation
            return .create(creation)
        }
        if let cycle = state.deadlock(if: thread, waitsFor: pending, top: parent) {
            CycleReport.stop(cycle)
        }
        state.waiting[thread] = WaitingThread(pending: pending, top: parent)
        awaited = pending
        return nil
    }
}

/// What a first reader does after looking at the creations under way.
enum CreationStep {
    /// Create the value: this thread registered the creation.
    case create(Creation)
    /// Look again: the creation this thread waited for is over.
    case retry
}

/// Which creation a thread is waiting for: one key, in one context.
struct CreationSlot: Hashable {
    var key: ObjectIdentifier
    var context: DependencyContext
}

/// The creations under way in a root, and who waits for whom (to find cycles that span threads).
struct CreationState {
    var pending: [CreationSlot: Creation] = [:]
    var waiting: [UInt: WaitingThread] = [:]
    var isPrepared = false
    /// The late reads reported so far (see ``LateRead``).
    var reportedLateReads: Set<LateRead> = []
    /// The keys whose chains of creations were reported so far (see ``CreationLineage``).
    var reportedChains: Set<ObjectIdentifier> = []
    /// Every key created in the root, per context, in the order of their first creation: the learned graph.
    var learned: [(context: DependencyContext, info: KeyInfo)] = []

    /// Notes the first creation of a key in `context`, and returns its info.
    mutating func learn(_ info: KeyInfo, in context: DependencyContext) -> KeyInfo {
        learned.append((context, info))
        return info
    }

    /// Ends `creation`, which is published: threads that waited for it may look again.
    mutating func end(_ creation: Creation) {
        pending[CreationSlot(key: creation.key, context: creation.context)] = creation.shadowed
        // Threads that waited for this creation retry; none of them waits for anything now.
        waiting = waiting.filter { $0.value.pending !== creation }
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
}

extension DependencyKey {
    /// The key's value for `context`: what a creation runs.
    @inline(__always)
    static func value(for context: DependencyContext) -> Value {
        switch context {
        case .default: defaultValue
        case .preview: previewValue
        case .testing: testingValue
        }
    }
}

// Creating a root's defaults: what a first read decides under the root's lock (create, wait, or stop a cycle: see
// `CreationWait.swift`), one creation per key and context at a time, published where its reads say.

extension Root {
    /// Creates the default of `Key` for a read in `storage`, or waits for the thread creating it and looks again.
    ///
    /// One creation of a key runs at a time per root and context, whichever scope it is for: a creation learns where
    /// its value belongs only once it is done. Whether the value is missing is decided under the lock that every
    /// creation publishes under, so no read creates a value that another creation has just published.
    func create<Key: DependencyKey>(
        _: Key.Type, id: ObjectIdentifier, in storage: ScopeNode
    ) -> (box: AnyBox, reads: [ObjectIdentifier]) {
        var read = FirstRead(of: Key.self, id: id, in: storage, root: self)
        let step: CreationStep = creations.waitFor(
            warningAfter: CreationWait.warningDelay,
            warning: { CreationWait.message(waitingFor: read.slot, from: read.parent, in: $0) },
            warn: CreationWait.warn
        ) { read.step(in: &$0) }
        switch step {
        case .found(let box, let reads):
            return (box, reads)
        case .create(let creation):
            // Whoever watches the values read hears of it: their root's reporter (a test's, also once a snapshot's
            // root ended), or in the testing context the process's root's test-root provider.
            if let reporter = storage.reporter {
                reporter.willCreate(Key.self)
            } else if isProcess, context == .testing, !storage.source.rootEnded {
                _TestHooks.processRootWillCreate(Key.self)
            }
            let created = createAndPublish(Key.self, creation: creation, in: creation.source)
            // What the read finds now is what a snapshot remembers (<doc:Semantics#A-value-keeps-what-it-read>).
            return storage.source.published(id, for: storage).map { ($0.box, $0.reads) } ?? created
        }
    }

    /// The values a default read in `storage` is created from: the reading scope's for a first creation, which
    /// learns what the key reads; for a later one, those of the scope its instance belongs to (or the root's), so
    /// that the instance is the same whichever scope sharing it reads first
    /// (<doc:Semantics#One-instance-per-key-per-scope>), in the reading context.
    func source(of id: ObjectIdentifier, readIn storage: ScopeNode) -> ScopeNode {
        guard let info = keyInfo(for: id, in: storage.context) else { return storage }
        let scope = owner(of: id, for: storage, reads: info.reads)
        if let scope, scope.context == storage.context { return scope }
        guard scope != nil || storage.hasOverrides else { return storage }
        let node = scope.map { ScopeNode(parent: $0) } ?? ScopeNode(rootNodeOf: storage)
        node.setContext(storage.context)
        return node
    }

    /// Creates the value of `creation` and publishes it where the key's first creation's reads say, ending the
    /// creation under the lock of ``creations``, which wakes the threads that waited; returns it with those reads.
    private func createAndPublish<Key: DependencyKey>(
        _: Key.Type, creation: Creation, in storage: ScopeNode
    ) -> (box: AnyBox, reads: [ObjectIdentifier]) {
        let slot = creation.read.slot.bits
        let values = DependencyValues(
            storage: ScopeNode(snapshotOf: storage, recorder: ReadRecorder(), for: creation.key))
        let (created, reads, directReads) = build(Key.self, creation: creation, values: values)
        let (id, context) = (creation.key, creation.context)
        let (placed, info, late, isNewChain, rebuilt) = creations.withLockBroadcasting { state in
            state.end(creation)
            let new = KeyInfo(
                reads: reads, keyType: Key.self, directReads: directReads, createdAt: creation.readContext?.site)
            let info = infos.insert(new, for: slot)
            if info === new { state.learned.append((context, info)) }
            let late = info.lateReads(in: reads).filter {
                state.reported.insert([id, $0]).inserted
            }
            let isNewChain = (creation.read.lineage[id] ?? 0) >= 2 && state.reported.insert([id]).inserted
            guard let scope = owner(of: id, for: storage, reads: info.reads) else {
                return (info.value.storeIfNil(created), info, late, isNewChain, false)
            }
            let scoped = scope.scopedDefaults.load() ?? scope.scopedDefaults.storeIfNil(LockFreeTable())
            let entry = scoped.insert(KeyInfo(reads: info.reads, keyType: Key.self), for: slot)
            return (entry.value.storeIfNil(created), info, late, isNewChain, true)
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
        _: Key.Type, creation: Creation, values: DependencyValues
    ) -> (box: AnyBox, reads: [ObjectIdentifier], directReads: [any DependencyKey.Type]) {
        // The read that asked for this value is not the read of what the value reads in turn.
        if ReadContext.current != nil {
            return ReadContext.$current.withValue(nil) { build(Key.self, creation: creation, values: values) }
        }
        let recorder = values.storage.recorder.unsafelyUnwrapped
        let box: AnyBox = CreationFrame.$innermost.withValue(CreationFrame(creation)) {
            DependencyValues.$currentValues.withValue(values) {
                Box(Key.value(for: creation.context))
            }
        }
        let closed = recorder.close()
        let directReads = closed.direct.filter { ObjectIdentifier($0) != creation.key }
        return (box, reads(closedWith: closed, by: creation, in: values.storage), directReads)
    }
}

/// A read of a default that its root has not published for the reading scope, deciding under the root's lock, each
/// time it looks: it creates the value when nobody is creating the key, or this thread is for another instance;
/// waits while another thread does; and stops the process when this thread is creating the same instance, or
/// waiting would close a cycle (<doc:Semantics#Only-a-real-cycle-stops-the-process>).
struct FirstRead: Sendable {
    let keyType: any DependencyKey.Type
    let slot: CreationSlot
    let storage: ScopeNode
    let root: Root
    let thread: UInt
    /// The creation this read is made in, if any.
    let parent: Creation?
    /// The keys whose creations started the tasks that this read runs in, transitively, each with how many of them
    /// there were: a creation whose lineage holds its own key twice is the third value of a chain, each made by the
    /// work of the one before, and its root reports the chain (<doc:Semantics#Bookkeeping-ends-with-the-creation>).
    let lineage: [ObjectIdentifier: Int]
    /// The creation this read waits for, once it waits (`CreationWait.swift`).
    var awaited: Creation?

    init(of keyType: any DependencyKey.Type, id: ObjectIdentifier, in storage: ScopeNode, root: Root) {
        self.keyType = keyType
        slot = CreationSlot(key: id, context: storage.context)
        self.storage = storage
        self.root = root
        thread = currentThreadID()
        // Nested in the frame's creation on its thread, a read leads on from the frame's lineage; in work the frame's
        // creation started, from that followed by the frame's key.
        let frame = CreationFrame.innermost
        parent = frame?.current
        var lineage = frame?.lineage ?? [:]
        if let frame, parent == nil { lineage[frame.key, default: 0] += 1 }
        self.lineage = lineage
    }

    /// What to do now; `nil` to wait until the creations change.
    mutating func step(in state: inout CreationState) -> CreationStep? {
        if let awaited {
            // Woken (by any creation's end, or to warn): waits on while `awaited` is under way.
            guard state.pending[slot] !== awaited else { return nil }
            state.waiting[thread] = nil
            self.awaited = nil
        }
        if let found = storage.source.published(slot.key, for: storage) { return .found(found.box, found.reads) }
        let source = root.source(of: slot.key, readIn: storage)
        let pending = state.pending[slot]
        if let pending, pending.thread == thread, let same = sameInstanceUnderWay(from: source, pending: pending) {
            fatalError(CycleReport.message(for: same.path(to: parent) + [same]))
        }
        guard let pending, pending.thread != thread else {
            let creation = Creation(self, source: source, shadowed: pending)
            state.pending[slot] = creation
            return .create(creation)
        }
        return wait(for: pending, in: &state)
    }
}

/// What a first reader does after looking at the creations under way: create the value (this thread registered the
/// creation), or read the instance it found published.
enum CreationStep {
    case create(Creation)
    case found(AnyBox, [ObjectIdentifier])
}

/// Which creation a thread is waiting for: one key, in one context.
struct CreationSlot: Hashable {
    var key: ObjectIdentifier
    var context: DependencyContext

    /// The slot as one word, the key of the tables of instances: the key's identity (a type's metadata, aligned to
    /// a word) with the context in its low bits.
    @inline(__always)
    var bits: UInt {
        switch context {
        case .default: UInt(bitPattern: key)
        case .preview: UInt(bitPattern: key) | 1
        case .testing: UInt(bitPattern: key) | 2
        }
    }
}

/// The creations under way in a root, who waits for whom (to find cycles that span threads), and what the root
/// learned and reported.
struct CreationState {
    var pending: [CreationSlot: Creation] = [:]
    /// Each thread blocked until another thread finishes creating a default, with its innermost creation.
    var waiting: [UInt: (pending: Creation, top: Creation?)] = [:]
    var isPrepared = false
    /// What was reported, once per root: each chain of creations of a key (``FirstRead/lineage``), as `[key]`, and
    /// each key a later creation of a key read and its first creation did not, as `[key, read]`.
    var reported: Set<[ObjectIdentifier]> = []
    /// Every key created in the root, per context, in the order of their first creation: the learned graph.
    var learned: [(context: DependencyContext, info: KeyInfo)] = []

    /// Ends `creation`, which is published: threads that waited for it may look again.
    mutating func end(_ creation: Creation) {
        pending[creation.read.slot] = creation.shadowed
        // Threads that waited for this creation retry; none of them waits for anything now.
        waiting = waiting.filter { $0.value.pending !== creation }
    }
}

/// One default value being created: the first read that registered it (which key, on which thread, inside which
/// other creation), and the values it is created from.
final class Creation: Sendable {
    let read: FirstRead
    /// The read that asked for the value, when a `@Dependency` made it in the testing context.
    let readContext: ReadContext?
    /// The values the value is created from (``Root/source(of:readIn:)``): their overrides decide whether a nested
    /// read of this key asks for the same instance (<doc:Semantics#Only-a-real-cycle-stops-the-process>).
    let source: ScopeNode
    /// The creation of the same key and context under way around this one on its thread, for another instance
    /// (<doc:Semantics#Only-a-real-cycle-stops-the-process>): it is under way again once this one ends.
    let shadowed: Creation?

    /// The creation that `read` registers, from `source`, in place of `shadowed`.
    init(_ read: FirstRead, source: ScopeNode, shadowed: Creation?) {
        self.read = read
        readContext = ReadContext.current
        self.source = source
        self.shadowed = shadowed
    }

    var key: ObjectIdentifier { read.slot.key }
    var context: DependencyContext { read.slot.context }
    var thread: UInt { read.thread }
    var parent: Creation? { read.parent }
}

/// The innermost creation under way on one thread, as a task-local holds it. Work a default's `init` starts (a task,
/// a Dispatch block on the creating thread) sees it, so it holds the creation weakly and answers only on the creating
/// thread: such work neither keeps the new value alive nor counts as nested in the creation, and inherits only its
/// lineage (<doc:Semantics#Bookkeeping-ends-with-the-creation>).
final class CreationFrame: @unchecked Sendable {
    // Safe: every property is set in `init` only, and the runtime loads weak references atomically.
    private weak var creation: Creation?
    private let thread: UInt
    /// The creation's key and lineage, which work the creation started leads on from.
    let key: ObjectIdentifier
    let lineage: [ObjectIdentifier: Int]
    /// The frame of the innermost creation under way on this task: creating a default is synchronous.
    @TaskLocal static var innermost: CreationFrame?

    init(_ creation: Creation) {
        self.creation = creation
        thread = creation.thread
        key = creation.key
        lineage = creation.read.lineage
    }

    /// The creation, if it is still under way and this is its thread.
    var current: Creation? {
        guard thread == currentThreadID() else { return nil }
        return creation
    }
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

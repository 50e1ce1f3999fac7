/// What a root knows about a key in one context: every key its default read while created, and the root's instance.
final class KeyInfo: @unchecked Sendable {
    // Safe: `atomicWords` is only reached through atomic operations after `init` (see `AtomicWords`); the other
    // stored properties are `let`s of `Sendable` types.

    /// Word 0: the current ``ReadSet``, retained; word 1: ``value``. Must stay the first stored property.
    private var atomicWords = AtomicWords()
    private var currentReads: AtomicWord { AtomicWords.word(0, of: self) }
    /// The instance shared by every scope that overrides none of `reads`, once one such scope has read it.
    var value: LazyReference<AnyBox> { LazyReference(1, of: self) }
    /// The `@Dependency` whose read made the first creation, when that read said where it is (see ``ReadContext``).
    let createdAt: DeclarationSite?
    /// The key, for explanations and the learned graph.
    let keyType: any DependencyKey.Type
    /// The keys the first creation read itself (not through the defaults of other keys), in order.
    let directReads: [any DependencyKey.Type]

    init(
        reads: [ObjectIdentifier],
        keyType: any DependencyKey.Type,
        directReads: [any DependencyKey.Type] = [],
        createdAt: DeclarationSite? = nil
    ) {
        self.createdAt = createdAt
        self.keyType = keyType
        self.directReads = directReads
        currentReads.storeRelaxed(UInt(bitPattern: Unmanaged.passRetained(ReadSet(reads, previous: nil)).toOpaque()))
    }

    deinit {
        Unmanaged<ReadSet>.fromOpaque(UnsafeRawPointer(bitPattern: currentReads.loadAcquiring()).unsafelyUnwrapped)
            .release()
        value.releaseStored()
    }

    /// Whether the atomic words are where ``AtomicWords`` looks for them.
    var atomicWordsAreFirst: Bool { AtomicWords.areFirst(in: self, at: &atomicWords) }

    /// The keys read by any creation of this key in this root and context, itself excluded. Lock-free.
    ///
    /// A default may read different keys with different values (`flag ? a : b`); the union of what all its creations
    /// read decides which scopes need their own instance.
    @inline(__always)
    var reads: [ObjectIdentifier] {
        let bits = currentReads.loadAcquiring()
        return Unmanaged<ReadSet>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
            ._withUnsafeGuaranteedRef { $0.keys }
    }

    /// Adds what one more creation read. Called under the root's lock (one writer at a time).
    func merge(_ more: [ObjectIdentifier]) {
        let known = reads
        let added = more.filter { !known.contains($0) }
        guard !added.isEmpty else { return }
        let old = Unmanaged<ReadSet>.fromOpaque(
            UnsafeRawPointer(bitPattern: currentReads.loadAcquiring()).unsafelyUnwrapped
        )
        // The new set keeps the old one alive: a reader may still be reading it.
        let new = ReadSet(known + added, previous: old.takeUnretainedValue())
        currentReads.storeReleasing(UInt(bitPattern: Unmanaged.passRetained(new).toOpaque()))
        old.release()
    }
}

/// One version of a ``KeyInfo``'s reads.
final class ReadSet: Sendable {
    let keys: [ObjectIdentifier]
    private let previous: ReadSet?

    init(_ keys: [ObjectIdentifier], previous: ReadSet?) {
        self.keys = keys
        self.previous = previous
    }
}

/// The owner of a set of cached default values: the process, or one test.
///
/// A key's default is created at most once per root and context, on first read, by the first reader; concurrent
/// first readers wait for it. No lock is held while the value is created, so a default can read other keys.
///
/// A default is created from the values of the scope that reads it, and the keys it reads meanwhile are recorded.
/// When that scope overrides none of them, the value is the root's, shared by every such scope. Otherwise it
/// belongs to the innermost scope that overrides one of them (``ScopedDefaults``), and the next scope that
/// overrides none of them creates the root's own.
final class Root: Sendable {
    /// The context of every scope that does not choose its own.
    let context: DependencyContext
    /// Where reports about reads in this root go, wherever they happen (a test's root has its test's reporter);
    /// `nil` sends them to the reporting task's reporter, else to standard error.
    let reporter: (any _DependencyIssueReporter)?
    private let defaultInfos = LockFreeTable<KeyInfo>()
    private let previewInfos = LockFreeTable<KeyInfo>()
    private let testingInfos = LockFreeTable<KeyInfo>()
    private var infos: [LockFreeTable<KeyInfo>] { [defaultInfos, previewInfos, testingInfos] }

    @inline(__always)
    private func infoTable(for context: DependencyContext) -> LockFreeTable<KeyInfo> {
        switch context {
        case .default: defaultInfos
        case .preview: previewInfos
        case .testing: testingInfos
        }
    }
    private let creations = ConditionLock(CreationState())

    init(context: DependencyContext, reporter: (any _DependencyIssueReporter)? = nil) {
        self.context = context
        self.reporter = reporter
    }

    /// The root of the process, in the detected context.
    static let process = Root(context: DependencyContext.current)

    /// What a node whose root is weak holds in place of a strong root; never read (see ``Storage``).
    static let placeholder = Root(context: .default)

    /// Whether this is the process's root rather than one made for a test.
    var isProcess: Bool { self === Root.process }

    /// The keys created in `context`, in the order of their first creation, with what each read itself.
    func learnedKeys(in context: DependencyContext) -> [KeyInfo] {
        creations.withLock { state in state.learned.filter { $0.context == context }.map(\.info) }
    }

    /// What the root learned about `key` in `context`, if it was ever read there. Lock-free.
    func keyInfo(for key: ObjectIdentifier, in context: DependencyContext) -> KeyInfo? {
        infoTable(for: context).find(key)
    }

    // MARK: Resolving defaults

    /// The root's instance of `key` in `context`, if it was created, without retaining it. Lock-free.
    ///
    /// With `skippingDerived`, a default built from other keys is left to the slow path, which checks whether the
    /// reading scope overrides one of them.
    @inline(__always)
    func createdDefault(
        for key: ObjectIdentifier,
        in context: DependencyContext,
        skippingDerived: Bool
    ) -> Unmanaged<AnyBox>? {
        // NB: the table is probed unretained; `infoTable(for:)` returns it retained, and threads reading one root
        // would contend on its reference count.
        let table: Unmanaged<LockFreeTable<KeyInfo>> =
            switch context {
            case .default: .passUnretained(defaultInfos)
            case .preview: .passUnretained(previewInfos)
            case .testing: .passUnretained(testingInfos)
            }
        guard let info = table._withUnsafeGuaranteedRef({ $0.findUnmanaged(key) }) else { return nil }
        return info._withUnsafeGuaranteedRef { info in
            if skippingDerived, !info.reads.isEmpty { return nil }
            return info.value.loadUnmanaged()
        }
    }

    /// The default value of `Key` for a read in `storage`, and the keys it was built from.
    ///
    /// The root's instance serves every scope that overrides none of the keys the key's creations read; otherwise
    /// the instance of the innermost scope that overrides one of them does.
    @inline(__always)
    func defaultValue<Key: DependencyKey>(
        of _: Key.Type,
        id: ObjectIdentifier,
        in storage: Storage
    ) -> (box: AnyBox, reads: [ObjectIdentifier]) {
        if let found = published(id, for: storage) { return found }
        return create(Key.self, id: id, in: storage)
    }

    /// Where a read of `id` in `storage` finds its default, given what the key's creations read so far: `nil` for
    /// the root's instance, else the scope whose rebuilt instance serves the read.
    private func owner(of id: ObjectIdentifier, for storage: Storage, reads: [ObjectIdentifier]) -> Storage? {
        guard storage.hasOverrides, !reads.isEmpty, let depth = storage.innermostOverrideDepth(among: reads) else {
            return nil
        }
        return storage.ancestor(atDepth: depth)
    }

    /// Who holds the default of `id` that serves a read in `storage`: this root, or a scope it was rebuilt for;
    /// `nil` while it was never created.
    func ownerOfDefault(_ id: ObjectIdentifier, readIn storage: Storage) -> DefaultOwner? {
        guard let info = infoTable(for: storage.context).find(id) else { return nil }
        return owner(of: id, for: storage, reads: info.reads).map(DefaultOwner.scope) ?? .root
    }

    /// The default of `id` that serves a read in `storage`, if it was created. Lock-free.
    private func published(_ id: ObjectIdentifier, for storage: Storage) -> (box: AnyBox, reads: [ObjectIdentifier])? {
        let context = storage.context
        guard let info = infoTable(for: context).find(id) else { return nil }
        let reads = info.reads
        if let scope = owner(of: id, for: storage, reads: reads) {
            guard let entry = scope.existingScopedDefaults?.table(for: context).find(id) else { return nil }
            return (entry.box, entry.reads)
        }
        return info.value.load().map { ($0, reads) }
    }

    /// Creates the default of `Key` for a read in `storage`, or waits for the thread already creating `Key` in
    /// this root and context and then looks again.
    ///
    /// One creation of a key runs at a time per root and context, whichever scope it is for: a creation only learns
    /// where its value belongs (which overrides it read) once it is done, so two creations of one key could
    /// otherwise build two values for one scope. Whether the value is still missing is decided under the lock that
    /// every creation publishes under, so no read creates a value that another creation has just published.
    ///
    /// A read that only records, made while its creation's value already exists (resolving the `@Dependency`
    /// properties it captured), does not wait for a value that exists either: two defaults that hold each other
    /// may be created on two threads at once. The reading creation then publishes after the one it read, with its
    /// reads (``CreationState/group(of:)``).
    private func create<Key: DependencyKey>(
        _: Key.Type,
        id: ObjectIdentifier,
        in storage: Storage
    ) -> (box: AnyBox, reads: [ObjectIdentifier]) {
        let context = storage.context
        let slot = CreationSlot(key: id, context: context)
        let thread = currentThreadID()
        let parent = CreationStack.top
        let onlyRecords = storage.isRecording && parent?.result.load() != nil && parent?.root == ObjectIdentifier(self)
        var awaited: Creation?
        let step: CreationStep = creations.waitFor(
            warningAfter: CreationWait.warningDelay,
            warning: {
                CreationWait.message(waitingFor: $0.pending[slot], from: parent, among: Array($0.pending.values))
            },
            warn: CreationWait.warn
        ) { state in
            if let awaited {
                // Woken (by any creation's end, or to warn): wait on while the awaited creation is under way, unless
                // its value now exists and this read only records.
                state.waiting[thread] = nil
                guard state.pending[slot] === awaited else { return .retry }
                if onlyRecords, let parent, let box = awaited.result.load() {
                    state.edges[ObjectIdentifier(parent), default: []].append(awaited)
                    return .recorded(box)
                }
                state.waiting[thread] = WaitingThread(pending: awaited, top: parent, onlyRecords: onlyRecords)
                return nil
            }
            if published(id, for: storage) != nil { return .retry }
            guard let pending = state.pending[slot] else {
                let creation = Creation(
                    key: id, keyType: Key.self, context: context, thread: thread, parent: parent,
                    root: ObjectIdentifier(self), reporter: reporter, readContext: ReadContext.current
                )
                state.pending[slot] = creation
                return .create(creation)
            }
            if pending.thread == thread {
                // Reads made after the value exists (resolving the `@Dependency` properties it captured) get it.
                if let box = pending.result.load() { return .resolved(box, pending) }
                CycleReport.stop(CycleReport.sameThreadCycle(reentering: pending, from: parent))
            }
            if onlyRecords, let parent, let box = pending.result.load() {
                state.edges[ObjectIdentifier(parent), default: []].append(pending)
                return .recorded(box)
            }
            if let cycle = state.deadlock(if: thread, waitsFor: pending, top: parent) {
                CycleReport.stop(cycle)
            }
            state.waiting[thread] = WaitingThread(pending: pending, top: parent, onlyRecords: onlyRecords)
            awaited = pending
            return nil
        }
        switch step {
        case .retry:
            return defaultValue(of: Key.self, id: id, in: storage)
        case .resolved(let box, let pending):
            // The reading creations around this read hold a value whose reads are not known yet.
            var node = parent
            while let current = node, current !== pending {
                current.awaits(pending)
                node = current.parent
            }
            return (box, [])
        case .recorded(let box):
            return (box, [])
        case .create(let creation):
            let values = DependencyValues(storage: Storage(snapshotOf: storage, recorder: ReadRecorder()))
            let (created, reads, directReads) = build(Key.self, creation: creation, values: values)
            let publication = Publication(
                key: Key.self, creation: creation, box: created, reads: reads, directReads: directReads,
                storage: storage
            )
            guard let awaited = creation.awaited else { return publish(publication) }
            // Its slot stays pending: this thread reads the value as its creation's result, others wait.
            creations.withLock { $0.defer(publication, to: awaited) }
            awaited.deferPublication { [self] outerReads in
                var deferred = publication
                deferred.reads += outerReads.filter { $0 != id && !reads.contains($0) }
                _ = publish(deferred)
            }
            return (created, reads)
        }
    }

    /// Publishes a created value where it belongs, once the values it read while they were still being created on
    /// other threads are published, then publishes the creations that waited for it on this thread.
    ///
    /// - Returns: The published value and every key its creation read, transitively.
    private func publish(_ publication: Publication) -> (box: AnyBox, reads: [ObjectIdentifier]) {
        let creation = publication.creation
        // NB: the broadcast also wakes the threads whose reads of this value only record, which then stop waiting
        // for it, so that its group can be built (see `create`).
        let outcome =
            creations.withLockBroadcasting { state in
                // Its deferral, if it had one, is over: this is its publication.
                state.deferred[publication.id] = nil
                guard state.edges[publication.id] == nil else { return nil }
                return place(publication, reads: publication.reads, in: &state)
            } ?? publishWithGroup(publication)
        if Trace.isOn {
            Trace.created(
                publication.key, context: creation.context, in: self, rebuilt: outcome.rebuilt,
                readAt: creation.readContext?.site
            )
        }
        creation.publishDeferred(reads: outcome.reads)
        return (outcome.box, outcome.reads)
    }

    /// Publishes a creation that read values while they were being created on other threads, together with every
    /// creation of its group (``CreationState/group(of:)``) once they are all built: the last one built publishes
    /// them all, and the others collect where theirs went.
    private func publishWithGroup(_ publication: Publication) -> Outcome {
        let (creation, thread) = (publication.creation, currentThreadID())
        var publishedOthers = false
        let outcome: Outcome = creations.waitFor(
            warningAfter: CreationWait.warningDelay,
            warning: {
                CreationWait.message(
                    waitingFor: $0.waiting[thread]?.pending, from: creation, among: Array($0.pending.values))
            },
            warn: CreationWait.warn
        ) { state in
            if let outcome = state.outcomes.removeValue(forKey: publication.id) {
                state.waiting[thread] = nil
                return outcome
            }
            state.built[publication.id] = publication
            let group = state.group(of: publication)
            if let unbuilt = group.first(where: { state.built[ObjectIdentifier($0)] == nil }) {
                if let cycle = state.deadlock(if: thread, waitsFor: unbuilt, top: creation) {
                    CycleReport.stop(cycle)
                }
                state.waiting[thread] = WaitingThread(pending: unbuilt, top: creation, onlyRecords: false)
                return nil
            }
            var mine: Outcome?
            for (member, reads) in state.transitiveReads(of: group) {
                guard let member = state.built.removeValue(forKey: ObjectIdentifier(member)) else { continue }
                let outcome = place(member, reads: reads, in: &state)
                if member.creation === creation { mine = outcome } else { state.outcomes[member.id] = outcome }
            }
            publishedOthers = group.count > 1
            state.waiting[thread] = nil
            return mine.unsafelyUnwrapped
        }
        if publishedOthers { creations.withLockBroadcasting { _ in } }
        return outcome
    }

    /// Puts a created value where it belongs, given every key its creation read, and ends its creation. Called
    /// under the lock of ``creations``, whose end wakes the threads that waited.
    private func place(_ publication: Publication, reads: [ObjectIdentifier], in state: inout CreationState) -> Outcome
    {
        let (creation, id, context) = (publication.creation, publication.creation.key, publication.creation.context)
        state.end(creation, reads: reads)
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
        info.merge(reads)
        // The value belongs to the innermost scope that overrides what any creation of it read.
        guard let scope = owner(of: id, for: publication.storage, reads: info.reads) else {
            return Outcome(box: info.value.storeIfNil(publication.box), reads: reads, rebuilt: false)
        }
        let box = scope.scopedDefaultsCreatingIfNeeded().table(for: context)
            .insert(ScopedDefault(box: publication.box, reads: reads), for: id).box
        return Outcome(box: box, reads: reads, rebuilt: true)
    }

    /// Runs the key's value for the context with `values` current, then resolves the `@Dependency` properties the
    /// new value captured, so that everything it depends on is recorded.
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
        let box: AnyBox = CreationStack.$top.withValue(creation) {
            DependencyValues.$currentValues.withValue(values) {
                let box = Box(Key.value(for: creation.context))
                _ = creation.result.storeIfNil(box)
                // Threads whose reads of this value only record stop waiting for it now (see `create`).
                creations.withLockBroadcasting { _ in }
                var captured = recorder.takeCaptured()
                while !captured.isEmpty {
                    for read in captured { read() }
                    captured = recorder.takeCaptured()
                }
                return box
            }
        }
        let directReads = recorder.directReads.filter { ObjectIdentifier($0) != creation.key }
        return (box, recorder.close().filter { $0 != creation.key }, directReads)
    }

    // MARK: Preparing

    /// Sets values on the root itself, for ``prepareDependencies(_:)``. Reports and skips what it cannot set.
    func prepare(_ overrides: [Override]) {
        creations.withLock { state in
            guard !state.isPrepared else {
                IssueReporting.report(.misuse, Messages.preparedTwice, to: reporter)
                return
            }
            state.isPrepared = true
            for override in overrides.sorted(by: { "\($0.keyType)" < "\($1.keyType)" }) {
                let isBeingRead = state.pending.keys.contains { $0.key == override.key }
                guard !isBeingRead, infos.allSatisfy({ $0.find(override.key) == nil }) else {
                    IssueReporting.report(.misuse, Messages.preparedAfterRead(override.keyType), to: reporter)
                    continue
                }
                for table in infos {
                    _ = table.insert(KeyInfo(reads: [], keyType: override.keyType), for: override.key).value
                        .storeIfNil(override.box)
                }
            }
        }
    }
}

/// Who holds a created default: the root that cached it, or the scope it was rebuilt for.
enum DefaultOwner {
    case root
    case scope(Storage)
}

/// What a first reader does after looking at the creations under way.
private enum CreationStep {
    /// Create the value: this thread registered the creation.
    case create(Creation)
    /// Look again: the creation this thread waited for is over.
    case retry
    /// Use this value: it was created on this thread, by the given creation, which is resolving what it captured.
    case resolved(AnyBox, Creation)
    /// Record the read of this value, being created on another thread: the reading creation publishes after it.
    case recorded(AnyBox)
}

/// A created value on its way to where it belongs, kept while its publication waits for other creations.
struct Publication {
    let key: any DependencyKey.Type
    let creation: Creation
    let box: AnyBox
    /// Every key the creation read, transitively, as far as it knows.
    var reads: [ObjectIdentifier]
    let directReads: [any DependencyKey.Type]
    /// The values the creation was read in: which scope overrides what it read decides where it belongs.
    let storage: Storage

    var id: ObjectIdentifier { ObjectIdentifier(creation) }
}

/// Where a published value went, and with which reads.
struct Outcome {
    let box: AnyBox
    let reads: [ObjectIdentifier]
    let rebuilt: Bool
}

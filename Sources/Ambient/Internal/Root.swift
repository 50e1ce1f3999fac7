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
    private func create<Key: DependencyKey>(
        _: Key.Type,
        id: ObjectIdentifier,
        in storage: Storage
    ) -> (box: AnyBox, reads: [ObjectIdentifier]) {
        let context = storage.context
        let slot = CreationSlot(key: id, context: context)
        let thread = currentThreadID()
        let parent = CreationStack.top
        var awaited: Creation?
        let step: CreationStep = creations.waitFor(
            warningAfter: CreationWait.warningDelay,
            warning: {
                CreationWait.message(waitingFor: $0.pending[slot], from: parent, among: Array($0.pending.values))
            },
            warn: CreationWait.warn
        ) { state in
            if let awaited {
                // Woken (by any creation's end, or to warn): wait on while the awaited creation is under way.
                if state.pending[slot] === awaited { return nil }
                state.waiting[thread] = nil
                return .retry
            }
            if published(id, for: storage) != nil { return .retry }
            guard let pending = state.pending[slot] else {
                let creation = Creation(
                    key: id, keyType: Key.self, context: context, thread: thread, parent: parent, reporter: reporter,
                    readContext: ReadContext.current
                )
                state.pending[slot] = creation
                return .create(creation)
            }
            if pending.thread == thread {
                // Reads made after the value exists (resolving the `@Dependency` properties it captured) get it.
                if let box = pending.result.load() { return .resolved(box) }
                CycleReport.stop(CycleReport.sameThreadCycle(reentering: pending, from: parent))
            }
            if let cycle = state.deadlock(if: thread, waitsFor: pending, top: parent) {
                CycleReport.stop(cycle)
            }
            state.waiting[thread] = WaitingThread(pending: pending, top: parent)
            awaited = pending
            return nil
        }
        switch step {
        case .retry:
            return defaultValue(of: Key.self, id: id, in: storage)
        case .resolved(let box):
            return (box, [])
        case .create(let creation):
            _TestHooks.willCreate(Key.self, in: self)
            let values = DependencyValues(storage: Storage(snapshotOf: storage, recorder: ReadRecorder()))
            let (created, reads, directReads) = build(Key.self, creation: creation, values: values)
            var rebuilt = false
            let box = creations.withLockBroadcasting { state in
                state.pending[slot] = nil
                // Threads that waited for this creation retry; none of them waits for anything now.
                state.waiting = state.waiting.filter { $0.value.pending !== creation }
                let table = infoTable(for: context)
                let info =
                    table.find(id)
                    ?? state.learn(
                        table.insert(
                            KeyInfo(
                                reads: reads, keyType: Key.self, directReads: directReads,
                                createdAt: creation.readContext?.site
                            ),
                            for: id
                        ),
                        in: context
                    )
                info.merge(reads)
                // The value belongs to the innermost scope that overrides what any creation of it read.
                guard let scope = owner(of: id, for: storage, reads: info.reads) else {
                    return info.value.storeIfNil(created)
                }
                rebuilt = true
                return scope.scopedDefaultsCreatingIfNeeded().table(for: context)
                    .insert(ScopedDefault(box: created, reads: reads), for: id).box
            }
            if Trace.isOn {
                Trace.created(
                    Key.self, context: context, in: self, rebuilt: rebuilt, readAt: creation.readContext?.site
                )
            }
            return (box, reads)
        }
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

/// What a first reader does after looking at the creations under way.
private enum CreationStep {
    /// Create the value: this thread registered the creation.
    case create(Creation)
    /// Look again: the creation this thread waited for is over.
    case retry
    /// Use this value: it was created on this thread and is resolving what it captured.
    case resolved(AnyBox)
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
    /// Every key created in the root, per context, in the order of their first creation: the learned graph.
    var learned: [(context: DependencyContext, info: KeyInfo)] = []

    /// Notes the first creation of a key in `context`, and returns its info.
    mutating func learn(_ info: KeyInfo, in context: DependencyContext) -> KeyInfo {
        learned.append((context, info))
        return info
    }

    /// The cycle that `thread`, inside creation `top`, would close by waiting for `pending`; `nil` when waiting is
    /// safe.
    func deadlock(if thread: UInt, waitsFor pending: Creation, top: Creation?) -> String? {
        var path: [Creation] = []
        var owner = pending.thread
        var target = pending
        for _ in 0...waiting.count {
            guard let next = waiting[owner] else { return nil }
            path.append(contentsOf: CreationStack.path(from: target, to: next.top))
            if next.pending.thread == thread {
                let mine = CreationStack.path(from: next.pending, to: top)
                return CycleReport.message(for: mine + path + [next.pending])
            }
            owner = next.pending.thread
            target = next.pending
        }
        return nil
    }
}

/// A thread blocked until another thread finishes creating a default.
struct WaitingThread {
    var pending: Creation
    var top: Creation?
}

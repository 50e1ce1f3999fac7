import Synchronization

/// What a root knows about a key in one context: the keys its default was built from, and the root's instance.
final class KeyInfo: Sendable {
    /// The keys the default read while it was created (transitively).
    let reads: [ObjectIdentifier]
    /// The instance shared by every scope that overrides none of `reads`.
    let value = AtomicLazyReference<AnyBox>()

    init(reads: [ObjectIdentifier]) {
        self.reads = reads
    }
}

/// The owner of a set of cached default values: the process, or one test.
///
/// A key's default is created at most once per root and context, on first read, by the first reader; concurrent
/// first readers wait for it. No lock is held while the value is created, so a default can read other keys.
/// A default built from a value that a scope overrides is built again for that scope, once (``ScopedDefaults``).
final class Root: Sendable {
    /// The context of every scope that does not choose its own.
    let context: DependencyContext
    private let infos = DependencyContext.allCases.map { _ in LockFreeTable<KeyInfo>() }
    private let creations = ConditionLock(CreationState())

    init(context: DependencyContext) {
        self.context = context
    }

    /// The root of the process, in the detected context.
    static let process = Root(context: DependencyContext.current)

    // MARK: Resolving defaults

    /// The default value of `Key` for a read in `storage`, and the keys it was built from.
    @inline(__always)
    func defaultValue<Key: DependencyKey>(
        of _: Key.Type,
        id: ObjectIdentifier,
        in storage: Storage
    ) -> (box: AnyBox, reads: [ObjectIdentifier]) {
        let context = storage.context
        if let info = infos[context.index].find(id) {
            if !storage.hasOverrides || info.reads.isEmpty {
                if let box = info.value.load() { return (box, info.reads) }
            } else if let depth = storage.innermostOverrideDepth(among: info.reads) {
                let scope = storage.ancestor(atDepth: depth)
                if let box = scope.existingScopedDefaults?.table(for: context).find(id) { return (box, info.reads) }
                return create(Key.self, id: id, in: storage, for: scope)
            } else if let box = info.value.load() {
                return (box, info.reads)
            }
        }
        return create(Key.self, id: id, in: storage, for: nil)
    }

    /// Creates the default of `Key` for `scope` (`nil`: the root), or waits for the thread already creating it.
    private func create<Key: DependencyKey>(
        _: Key.Type,
        id: ObjectIdentifier,
        in storage: Storage,
        for scope: Storage?
    ) -> (box: AnyBox, reads: [ObjectIdentifier]) {
        let context = storage.context
        let slot = CreationSlot(key: id, context: context, scope: scope.map(ObjectIdentifier.init))
        let thread = currentThreadID()
        let parent = CreationStack.top
        var waited = false
        let step: CreationStep = creations.waitFor { state in
            state.waiting[thread] = nil
            if waited { return .retry }
            guard let pending = state.pending[slot] else {
                let creation = Creation(key: id, keyType: Key.self, context: context, thread: thread, parent: parent)
                state.pending[slot] = creation
                return .create(creation)
            }
            if pending.thread == thread {
                CycleReport.stop(CycleReport.sameThreadCycle(reentering: pending, from: parent))
            }
            if let cycle = state.deadlock(if: thread, waitsFor: pending, top: parent) {
                CycleReport.stop(cycle)
            }
            state.waiting[thread] = WaitingThread(pending: pending, top: parent)
            waited = true
            return nil
        }
        guard case .create(let creation) = step else {
            return defaultValue(of: Key.self, id: id, in: storage)
        }
        let recorder = ReadRecorder()
        let creationValues = DependencyValues(storage: Storage(parent: storage, recorder: recorder))
        let value = CreationStack.$top.withValue(creation) {
            DependencyValues.$currentValues.withValue(creationValues) {
                Key.value(for: context)
            }
        }
        let reads = recorder.close()
        return creations.withLockBroadcasting { state in
            state.pending[slot] = nil
            let table = infos[context.index]
            let info = table.find(id) ?? table.insert(KeyInfo(reads: reads), for: id)
            let box: AnyBox
            if let scope {
                box = scope.scopedDefaultsCreatingIfNeeded().table(for: context).insert(Box(value), for: id)
            } else if storage.hasOverrides, let depth = storage.innermostOverrideDepth(among: reads) {
                let scope = storage.ancestor(atDepth: depth)
                box = scope.scopedDefaultsCreatingIfNeeded().table(for: context).insert(Box(value), for: id)
            } else {
                box = info.value.storeIfNil(Box(value))
            }
            return (box, reads)
        }
    }

    // MARK: Preparing

    /// Sets values on the root itself, for ``prepareDependencies(_:)``. Reports and skips what it cannot set.
    func prepare(_ overrides: [Override]) {
        creations.withLock { state in
            guard !state.isPrepared else {
                IssueReporting.report(.misuse, Messages.preparedTwice)
                return
            }
            state.isPrepared = true
            for override in overrides.sorted(by: { "\($0.keyType)" < "\($1.keyType)" }) {
                guard infos.allSatisfy({ $0.find(override.key) == nil }) else {
                    IssueReporting.report(.misuse, Messages.preparedAfterRead(override.keyType))
                    continue
                }
                for table in infos {
                    _ = table.insert(KeyInfo(reads: []), for: override.key).value.storeIfNil(override.box)
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
}

/// Which creation a thread is waiting for: one key, in one context, for the root or for one scope.
struct CreationSlot: Hashable {
    var key: ObjectIdentifier
    var context: DependencyContext
    var scope: ObjectIdentifier?
}

/// The creations under way in a root, and who waits for whom (to find cycles that span threads).
struct CreationState {
    var pending: [CreationSlot: Creation] = [:]
    var waiting: [UInt: WaitingThread] = [:]
    var isPrepared = false

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

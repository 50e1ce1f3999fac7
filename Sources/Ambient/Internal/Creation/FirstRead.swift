/// A read of a default that its root has not published for the reading scope: what it decides, each time it looks
/// at the creations under way, under the lock of the root's creations.
///
/// It creates the value when nobody is creating the key; waits while another thread does; gets the value itself
/// when this thread is creating it and the value exists (a `@Dependency` of the value on its own key); and stops the
/// process when waiting would close a cycle. A read that only records — made while the reading creation's own value
/// exists, resolving the `@Dependency` properties it captured — does not wait for a value that exists either: its
/// creation publishes after the one it read (``CreationState/group(of:)``).
struct FirstRead {
    let keyType: any DependencyKey.Type
    let slot: CreationSlot
    let storage: Storage
    let root: Root
    let thread: UInt
    /// The creation this read is made in, if any.
    let parent: Creation?
    /// Whether this read only records what the reading creation's value depends on.
    let onlyRecords: Bool
    /// The creation this read waits for, once it waits.
    private var awaited: Creation?

    init(of keyType: any DependencyKey.Type, id: ObjectIdentifier, in storage: Storage, root: Root) {
        self.keyType = keyType
        slot = CreationSlot(key: id, context: storage.context)
        self.storage = storage
        self.root = root
        thread = currentThreadID()
        parent = CreationStack.top
        onlyRecords = storage.isRecording && parent?.result.load() != nil && parent?.root == ObjectIdentifier(root)
    }

    /// What to do now; `nil` to wait until the creations change.
    mutating func step(in state: inout CreationState) -> CreationStep? {
        if let awaited {
            // Woken (by any creation's end, or to warn): wait on while the awaited creation is under way, unless its
            // value now exists and this read only records.
            state.waiting[thread] = nil
            guard state.pending[slot] === awaited else { return .retry }
            if let recorded = record(awaited, in: &state) { return recorded }
            state.waiting[thread] = WaitingThread(pending: awaited, top: parent, onlyRecords: onlyRecords)
            return nil
        }
        if root.published(slot.key, for: storage) != nil { return .retry }
        guard let pending = state.pending[slot] else {
            let creation = Creation(
                key: slot.key, keyType: keyType, context: slot.context, thread: thread, parent: parent,
                root: ObjectIdentifier(root), reporter: root.reporter, readContext: ReadContext.current
            )
            state.pending[slot] = creation
            return .create(creation)
        }
        if pending.thread == thread {
            // Reads made after the value exists (resolving the `@Dependency` properties it captured) get it.
            if let box = pending.result.load() { return .resolved(box, pending) }
            CycleReport.stop(CycleReport.sameThreadCycle(reentering: pending, from: parent))
        }
        if let recorded = record(pending, in: &state) { return recorded }
        if let cycle = state.deadlock(if: thread, waitsFor: pending, top: parent) {
            CycleReport.stop(cycle)
        }
        state.waiting[thread] = WaitingThread(pending: pending, top: parent, onlyRecords: onlyRecords)
        awaited = pending
        return nil
    }

    /// Records the read of `pending`, being created on another thread, without waiting for it, when this read
    /// only records and its value exists.
    private func record(_ pending: Creation, in state: inout CreationState) -> CreationStep? {
        guard onlyRecords, let parent, let box = pending.result.load() else { return nil }
        state.edges[ObjectIdentifier(parent), default: []].append(pending)
        return .recorded(box)
    }

    /// What this read says when it has waited long.
    func waitWarning(in state: CreationState) -> String {
        CreationWait.message(waitingFor: state.pending[slot], from: parent, among: Array(state.pending.values))
    }
}

/// A read of a default that its root has not published for the reading scope: what it decides, each time it looks
/// at the creations under way, under the lock of the root's creations.
///
/// It creates the value when nobody is creating the key; waits while another thread does; and stops the process
/// when this thread is creating the key already, or when waiting would close a cycle.
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
        if root.published(slot.key, for: storage) != nil { return .retry }
        guard let pending = state.pending[slot] else {
            let creation = Creation(
                key: slot.key, keyType: keyType, context: slot.context, thread: thread, parent: parent,
                root: ObjectIdentifier(root), reporter: storage.reporter, readContext: ReadContext.current,
                lineage: lineage
            )
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
        awaited = pending
        return nil
    }

    /// What this read says when it has waited long.
    func waitWarning(in state: CreationState) -> String {
        CreationWait.message(waitingFor: state.pending[slot], from: parent, among: Array(state.pending.values))
    }
}

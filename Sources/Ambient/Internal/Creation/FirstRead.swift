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
        if root.published(slot.key, for: storage) != nil { return .retry }
        let pending = state.pending[slot]
        if let pending, pending.thread == thread, !asksForAnotherInstance(than: pending) {
            CycleReport.stop(CycleReport.sameThreadCycle(reentering: pending, from: parent))
        }
        guard let pending, pending.thread != thread else {
            let creation = Creation(
                key: slot.key, keyType: keyType, context: slot.context, thread: thread, parent: parent,
                root: ObjectIdentifier(root), reporter: storage.reporter, readContext: ReadContext.current,
                lineage: lineage, depth: storage.depth, shadowed: pending
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

    /// Whether this read, nested in `pending`'s creation on its thread, is made in values that override the key of a
    /// creation on the way from `pending` to it, which `pending`'s values did not: a read of `pending`'s key there
    /// asks for another instance, since `pending`'s default reads that key.
    private func asksForAnotherInstance(than pending: Creation) -> Bool {
        var creation = parent
        while let current = creation, current !== pending {
            if let override = storage.override(for: current.key), override.depth > pending.depth { return true }
            creation = current.parent
        }
        return false
    }

    /// What this read says when it has waited long.
    func waitWarning(in state: CreationState) -> String {
        CreationWait.message(waitingFor: state.pending[slot], from: parent, among: Array(state.pending.values))
    }
}

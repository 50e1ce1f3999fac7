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

    /// The creation of this instance under way around this read on its thread, if any, while `pending`, the
    /// innermost creation of the key, runs on this thread: the innermost creation of the key on the way whose
    /// values (its source) override each key of the creations between it and this read as `source` does, the values
    /// this read's creation would be made from. Where they differ, the read asks for another instance, since that
    /// creation's default reads those keys (<doc:Semantics#Only-a-real-cycle-stops-the-process>). A `pending` that
    /// is not on the way is the same instance.
    private func sameInstanceUnderWay(from source: ScopeNode, pending: Creation) -> Creation? {
        var onTheWay: [ObjectIdentifier] = []
        var passedPending = false
        var creation = parent
        while let current = creation {
            passedPending = passedPending || current === pending
            if current.key == slot.key, current.context == slot.context, current.root == ObjectIdentifier(root),
                let outer = current.source,
                onTheWay.allSatisfy({ source.overridesAlike($0, as: outer) })
            {
                return current
            }
            onTheWay.append(current.key)
            creation = current.parent
        }
        return passedPending ? nil : pending
    }

    /// What this read says when it has waited long.
    func waitWarning(in state: CreationState) -> String {
        CreationWait.message(waitingFor: state.pending[slot], from: parent, among: Array(state.pending.values))
    }
}

/// What a first reader does after looking at the creations under way.
enum CreationStep {
    /// Create the value: this thread registered the creation.
    case create(Creation)
    /// Look again: the creation this thread waited for is over.
    case retry
}

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

/// A key that a later creation of a default read and its first creation did not: reported once per root.
struct LateRead: Hashable {
    let key: ObjectIdentifier
    let read: ObjectIdentifier
}

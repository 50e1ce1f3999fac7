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
    /// Every key created in the root, per context, in the order of their first creation: the learned graph.
    var learned: [(context: DependencyContext, info: KeyInfo)] = []
    /// Creations that read a value while it was being created on another thread, with those creations: each
    /// publishes only after them (see ``group(of:)``).
    var edges: [ObjectIdentifier: [Creation]] = [:]
    /// Creations whose values are built and wait for the rest of their group to be built.
    var built: [ObjectIdentifier: Publication] = [:]
    /// Where another thread published a creation of this thread's group, until this thread collects it.
    var outcomes: [ObjectIdentifier: Outcome] = [:]
    /// Creations that publish after the creation around them on their own thread, which read them first.
    var deferred: [ObjectIdentifier: (outer: Creation, publication: Publication)] = [:]

    /// Notes the first creation of a key in `context`, and returns its info.
    mutating func learn(_ info: KeyInfo, in context: DependencyContext) -> KeyInfo {
        learned.append((context, info))
        return info
    }

    /// Notes that `publication`'s creation publishes after `outer`, which is under way around it on its thread:
    /// `outer` waits for what it waited for.
    mutating func `defer`(_ publication: Publication, to outer: Creation) {
        deferred[publication.id] = (outer, publication)
        if let waited = edges.removeValue(forKey: publication.id) {
            edges[ObjectIdentifier(outer), default: []] += waited
        }
    }

    /// Ends `creation`, published with `reads`: threads that waited for it may look again.
    mutating func end(_ creation: Creation, reads: [ObjectIdentifier]) {
        pending[CreationSlot(key: creation.key, context: creation.context)] = nil
        // Threads that waited for this creation retry; none of them waits for anything now.
        waiting = waiting.filter { $0.value.pending !== creation }
        edges[ObjectIdentifier(creation)] = nil
        deferred[ObjectIdentifier(creation)] = nil
        creation.publishedReads = reads
    }

    /// Whether `creation` is still under way (not published yet).
    private func isUnderWay(_ creation: Creation) -> Bool {
        pending[CreationSlot(key: creation.key, context: creation.context)] === creation
    }

    /// The creation that publishes `creation`: itself, or the one it is deferred to (see ``defer(_:to:)``), and the
    /// keys read on the way there.
    private func publisher(of creation: Creation) -> (creation: Creation, reads: [ObjectIdentifier]) {
        var current = creation
        var reads: [ObjectIdentifier] = []
        while let next = deferred[ObjectIdentifier(current)] {
            reads += next.publication.reads + [current.key]
            current = next.outer
        }
        return (current, reads)
    }

    /// The creations under way that must publish together with `publication`'s: every creation it read while that
    /// was being created on another thread, and theirs in turn, up to the creations those are deferred to.
    ///
    /// Two defaults that hold each other, created on two threads at once, each read the other before its reads
    /// were known; neither can publish first, so the last of them to be built publishes both.
    func group(of publication: Publication) -> [Creation] {
        var members = [publication.creation]
        var next = edges[publication.id] ?? []
        while let candidate = next.popLast() {
            let member = publisher(of: candidate).creation
            guard isUnderWay(member), !members.contains(where: { $0 === member }) else { continue }
            members.append(member)
            next += edges[ObjectIdentifier(member)] ?? []
        }
        return members
    }

    /// Every key each member of `group` read, transitively through the values it read while they were being
    /// created, itself excluded. Every member must be ``built``.
    func transitiveReads(of group: [Creation]) -> [(Creation, [ObjectIdentifier])] {
        var reads = group.map { Set(built[ObjectIdentifier($0)]?.reads ?? []) }
        var changed = true
        while changed {
            changed = false
            for (index, member) in group.enumerated() {
                for read in edges[ObjectIdentifier(member)] ?? [] {
                    let (publisher, onTheWay) = publisher(of: read)
                    var added = Set(onTheWay + [read.key, publisher.key])
                    if let position = group.firstIndex(where: { $0 === publisher }) {
                        added.formUnion(reads[position])
                    } else {
                        added.formUnion(publisher.publishedReads ?? [])
                    }
                    if !added.isSubset(of: reads[index]) {
                        reads[index].formUnion(added)
                        changed = true
                    }
                }
            }
        }
        return group.enumerated().map { index, member in (member, reads[index].filter { $0 != member.key }) }
    }

    /// The cycle that `thread`, inside creation `top`, would close by waiting for `pending`; `nil` when waiting is
    /// safe.
    func deadlock(if thread: UInt, waitsFor pending: Creation, top: Creation?) -> String? {
        var path: [Creation] = []
        var owner = pending.thread
        var target = pending
        for _ in 0...waiting.count {
            // A read that only records stops waiting once the value it waits for exists: no cycle through it.
            guard let next = waiting[owner], !(next.onlyRecords && next.pending.result.load() != nil) else {
                return nil
            }
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
    /// Whether the read that waits only records: it stops waiting once the awaited value exists.
    var onlyRecords: Bool
}

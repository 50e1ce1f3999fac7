// What a first read that cannot go on finds and says: a cycle, which stops the process (on its thread, or through
// threads that wait for each other), and a wait for another thread's creation that grows long, which it reports and
// waits on; and the late reads a creation reports.

import Foundation

/// The message for a dependency cycle, which stops the process.
enum CycleReport {
    static func message(for cycle: [Creation]) -> String {
        let names = cycle.map { VisibleText.of($0.read.keyType) }
        return """
            Ambient: dependency cycle: \(names.joined(separator: " → ")). The default value of \(names[0]) \
            needs itself while it is being created. Break the cycle: build one of these values without reading \
            the next (pass it in, or read it lazily when it is used), or override one of them.
            """
    }
}

/// What a thread that waits for another thread's creation of a default says when the wait grows long.
///
/// Ambient finds a cycle whose every wait it sees: a creation that needs a key another thread is creating, while
/// that thread needs one this thread is creating. It cannot see a wait outside Ambient — a default that blocks on a
/// semaphore, a `DispatchQueue.sync` or a thread hand-off for work that reads a key whose creation waits for it. Such
/// a wait looks like a slow creation, so after ``warningDelay`` the waiter says once what it waits for, and keeps
/// waiting: a slow but correct creation must still finish.
enum CreationWait {
    /// How long a waiter waits before it speaks: what ``variable`` in the process's environment asks for, read once;
    /// a refusal is written to standard error.
    static let warningDelay = {
        let asked = seconds(from: ProcessEnvironment.variables[variable])
        if let refusal = asked.refusal { ProcessEnvironment.writeToStandardError(refusal + "\n") }
        return asked.seconds
    }()

    /// `AMBIENT_WAIT_WARNING_SECONDS`: how many seconds a thread waits for another thread's creation of a default
    /// before it names the wait (Semantics: cycles are named).
    ///
    /// Every value is either used or refused, and none can stop the process. A number of seconds above zero is used;
    /// one above a day is clamped to a day, since a condition variable handed a deadline centuries away (`inf`,
    /// `1e308`, `1e10`) stops the process, and a day already means "never" for a wait a person watches. Anything
    /// else — not a number, zero, a negative number, `nan` — is refused with one line on standard error, and 5
    /// seconds are used.
    static let variable = "AMBIENT_WAIT_WARNING_SECONDS"

    /// The seconds that `text`, the variable's value, asks for, and the line that refuses it, if it is refused.
    static func seconds(from text: String?) -> (seconds: Double, refusal: String?) {
        guard let text else { return (5, nil) }
        guard let seconds = Double(text), seconds > 0 else {
            let refusal = """
                Ambient: \(variable) is "\(visible: text)", which is not a number of seconds above zero, \
                so it is ignored: a thread that waits for another thread's creation says so after 5 seconds.
                """
            return (5, refusal)
        }
        return (min(seconds, 86_400), nil)
    }

    /// Called after a warning was written; set by tests that end a process stuck in a real hang.
    static let afterWarning = ConditionLock<(@Sendable () -> Void)?>(nil)

    /// Writes `message` to standard error, then tells ``afterWarning``.
    static func warn(_ message: String) {
        ProcessEnvironment.writeToStandardError(message + "\n")
        afterWarning.withLock { $0 }?()
    }

    /// The warning for a thread inside `waiter` (if any) waiting for the creation of `slot`, given every creation
    /// under way.
    static func message(waitingFor slot: CreationSlot, from waiter: Creation?, in state: CreationState) -> String {
        guard let pending = state.pending[slot] else { return "" }
        // The other thread's innermost creation: one of its creations that no other of its creations is inside.
        let others = state.pending.values.filter { $0.thread == pending.thread }
        let innermost = others.first { candidate in !others.contains { $0.parent === candidate } } ?? pending
        let reason = waiter.map { " to create \(VisibleText.of($0.read.keyType))" } ?? ""
        let seconds = String(format: "%g", warningDelay)
        let (awaited, current) = (VisibleText.of(pending.read.keyType), VisibleText.of(innermost.read.keyType))
        return """
            Ambient: a thread has waited \(seconds) s\(reason) for \(awaited), which another thread is \
            creating (it is now creating \(current)). If that creation waits for work on another thread — \
            a semaphore, a DispatchQueue.sync, a thread hand-off — that reads a dependency this thread is creating, \
            this is a dependency cycle through a thread hand-off, and it never ends: build one of these values without \
            waiting for the other. Still waiting.
            """
    }
}

extension FirstRead {
    /// Waits for `pending`, another thread's creation of the key, unless that would close a cycle.
    mutating func wait(for pending: Creation, in state: inout CreationState) -> CreationStep? {
        if let cycle = state.deadlock(if: thread, waitsFor: pending, top: parent) {
            fatalError(cycle)
        }
        state.waiting[thread] = (pending, parent)
        awaited = pending
        return nil
    }

    /// The creation of this instance under way around this read on its thread, if any, while `pending`, the
    /// innermost creation of the key, runs on this thread: the innermost creation of the key on the way whose
    /// values (its source) override each key of the creations between it and this read as `source` does, the values
    /// this read's creation would be made from. Where they differ, the read asks for another instance, since that
    /// creation's default reads those keys (<doc:Semantics#Only-a-real-cycle-stops-the-process>). A `pending` that
    /// is not on the way is the same instance.
    func sameInstanceUnderWay(from source: ScopeNode, pending: Creation) -> Creation? {
        var onTheWay: [ObjectIdentifier] = []
        var passedPending = false
        var creation = parent
        while let current = creation {
            passedPending = passedPending || current === pending
            if current.key == slot.key, current.context == slot.context, current.read.root === root,
                onTheWay.allSatisfy({ source.overridesAlike($0, as: current.source) })
            {
                return current
            }
            onTheWay.append(current.key)
            creation = current.parent
        }
        return passedPending ? nil : pending
    }
}

extension CreationState {
    /// The cycle that `thread`, inside creation `top`, would close by waiting for `pending`; `nil` when waiting is
    /// safe.
    func deadlock(if thread: UInt, waitsFor pending: Creation, top: Creation?) -> String? {
        var path: [Creation] = []
        var owner = pending.thread
        var target = pending
        for _ in 0...waiting.count {
            guard let next = waiting[owner] else { return nil }
            path.append(contentsOf: target.path(to: next.top))
            if next.pending.thread == thread {
                let mine = next.pending.path(to: top)
                return CycleReport.message(for: mine + path + [next.pending])
            }
            owner = next.pending.thread
            target = next.pending
        }
        return nil
    }
}

extension Creation {
    /// The creations from this one down to `end` (inclusive), outermost first; just `[self]` when `end` is not
    /// nested in this one.
    func path(to end: Creation?) -> [Creation] {
        var reversed: [Creation] = []
        var node = end
        while let current = node {
            reversed.append(current)
            if current === self { return reversed.reversed() }
            node = current.parent
        }
        return [self]
    }
}

extension Root {
    /// The name of the key `id`: one of `directReads`, overridden in `storage`, or created in this root.
    func name(
        of id: ObjectIdentifier, among directReads: [any DependencyKey.Type], in storage: ScopeNode
    ) -> String {
        let key =
            directReads.first { ObjectIdentifier($0) == id } ?? storage.override(for: id)?.keyType
            ?? DependencyContext.allCases.lazy.compactMap { self.keyInfo(for: id, in: $0)?.keyType }.first
        return key.map { VisibleText.of($0) } ?? "a key"
    }
}

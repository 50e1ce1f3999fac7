// What a first read that cannot go on says: a cycle, which stops the process, and a wait for another thread's
// creation that grows long, which it reports and waits on.

import Foundation

/// The message for a dependency cycle, and the stop it causes.
enum CycleReport {
    static func sameThreadCycle(reentering pending: Creation, from top: Creation?) -> String {
        let path = CreationStack.path(from: pending, to: top)
        return message(for: path + [pending])
    }

    static func message(for cycle: [Creation]) -> String {
        let names = cycle.map { VisibleText.of($0.keyType) }
        return """
            Ambient: dependency cycle: \(names.joined(separator: " → ")). The default value of \(names[0]) \
            needs itself while it is being created. Break the cycle: build one of these values without reading \
            the next (pass it in, or read it lazily when it is used), or override one of them.
            """
    }

    static func stop(_ message: String) -> Never {
        fatalError(message)
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
    /// How long a waiter waits before it speaks; `AMBIENT_WAIT_WARNING_SECONDS` in the environment changes it.
    static var warningDelay: Double {
        delayOverride.withLock { $0 } ?? environmentDelay
    }

    private static let environmentDelay = WaitWarningSetting.fromEnvironment()

    /// Set by tests, to hear the warning without waiting seconds.
    static let delayOverride = ConditionLock<Double?>(nil)

    /// Called after a warning was written; set by tests that end a process stuck in a real hang.
    static let afterWarning = ConditionLock<(@Sendable () -> Void)?>(nil)

    /// Writes `message` to standard error, then tells ``afterWarning``.
    static func warn(_ message: String) {
        ProcessEnvironment.writeToStandardError(message + "\n")
        afterWarning.withLock { $0 }?()
    }

    /// The warning for a thread inside `waiter` (if any) waiting for `pending`, given every creation under way.
    static func message(waitingFor pending: Creation?, from waiter: Creation?, among all: [Creation]) -> String {
        guard let pending else { return "" }
        // The other thread's innermost creation: one of its creations that no other of its creations is inside.
        let others = all.filter { $0.thread == pending.thread }
        let innermost =
            others.first { candidate in !others.contains { $0.parent === candidate } } ?? pending
        let reason = waiter.map { " to create \(VisibleText.of($0.keyType))" } ?? ""
        let seconds = String(format: "%g", warningDelay)
        let (awaited, current) = (VisibleText.of(pending.keyType), VisibleText.of(innermost.keyType))
        return """
            Ambient: a thread has waited \(seconds) s\(reason) for \(awaited), which another thread is \
            creating (it is now creating \(current)). If that creation waits for work on another thread — \
            a semaphore, a DispatchQueue.sync, a thread hand-off — that reads a dependency this thread is creating, \
            this is a dependency cycle through a thread hand-off, and it never ends: build one of these values without \
            waiting for the other. Still waiting.
            """
    }
}

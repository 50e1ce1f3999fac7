import Foundation

/// The end of a scope as the values created in it see it: over once the scope handed them what it built.
///
/// A value's values find the scope through a weak reference, which is `nil` from the moment the scope's last
/// reference goes, a moment before the scope hands its instances over (``ScopedDefaults``). A read in that moment waits
/// here, so that it finds what the scope handed over instead of building another instance
/// (<doc:Semantics#Freeing-never-splits-an-instance>).
final class ScopeEnd: Sendable {
    private let handedOver = ConditionLock(false)

    /// Notes that the scope handed over what it built, and wakes the reads that wait for it.
    func finish() {
        handedOver.withLockBroadcasting { $0 = true }
    }

    /// Waits until the scope handed over what it built, for `limit` seconds at most.
    ///
    /// NB: bounded, since the thread that frees the scope may itself read, in a `deinit` it runs on the way, through
    /// values that link to the scope; such a read then goes on as once the hand-over is done.
    func waitUntilHandedOver(limit: Double = 0.1) {
        _ = handedOver.waitFor(until: Date(timeIntervalSinceNow: limit)) { $0 ? () : nil }
    }
}

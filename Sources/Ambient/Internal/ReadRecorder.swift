import Synchronization

/// Collects the keys a default value reads while it is being created.
///
/// A default built from other dependencies must be rebuilt for a scope that overrides any of them
/// (<doc:LifetimesAndCaching>); the recorded keys say which.
final class ReadRecorder: Sendable {
    private let state = Mutex<(isOpen: Bool, keys: Set<ObjectIdentifier>)>((true, []))

    /// Notes that `key` was read, and with it the keys its own default was built from.
    func record(_ key: ObjectIdentifier, reads: [ObjectIdentifier]) {
        state.withLock { state in
            guard state.isOpen else { return }
            state.keys.insert(key)
            state.keys.formUnion(reads)
        }
    }

    /// Stops recording (values created now may outlive the creation) and returns what was read.
    func close() -> [ObjectIdentifier] {
        state.withLock { state in
            state.isOpen = false
            return Array(state.keys)
        }
    }
}

import Synchronization

/// Collects the keys a default value reads while it is being created.
///
/// A default built from other dependencies must be rebuilt for a scope that overrides any of them
/// (<doc:LifetimesAndCaching>); the recorded keys say which.
final class ReadRecorder: Sendable {
    private struct State {
        var isOpen = true
        var keys: Set<ObjectIdentifier> = []
        var captured: [@Sendable () -> Void] = []
    }
    private let state = Mutex(State())

    /// Notes a `@Dependency` created during the creation: `read` reads it, so that its key counts as read too.
    func capture(_ read: @escaping @Sendable () -> Void) {
        state.withLock { state in
            guard state.isOpen else { return }
            state.captured.append(read)
        }
    }

    /// The reads captured since the last call.
    func takeCaptured() -> [@Sendable () -> Void] {
        state.withLock { state in
            defer { state.captured = [] }
            return state.captured
        }
    }

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

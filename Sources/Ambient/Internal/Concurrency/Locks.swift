// The blocking primitives: the one lock, and the identity of the thread that holds or waits for it.

import Foundation
#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value guarded by a mutex and a condition variable: the package's one lock.
///
/// Every blocking lock of the package is one of these. The read path of a created value takes no lock; creating a
/// default, `prepareDependencies(_:)`, recording reads and the built-ins' mutable state do.
///
/// NB: not `Synchronization.Mutex`: on Linux it waits on a futex that the thread sanitizer does not model, so every
/// access it guards is reported as a race. `NSCondition` is a pthread mutex, which the sanitizer understands.
package final class ConditionLock<State>: @unchecked Sendable {
    // Safe: `state` is only touched between `condition.lock()` and `condition.unlock()`.
    private let condition = NSCondition()
    private var state: State

    /// A lock around `state`.
    package init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state.
    package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        condition.lock()
        defer { condition.unlock() }
        return try body(&state)
    }

    /// Runs `body` under the lock until it returns a result, waiting for `broadcast()` each time it returns `nil`.
    func waitFor<R>(_ body: (inout State) -> R?) -> R {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let result = body(&state) { return result }
            condition.wait()
        }
    }

    /// ``waitFor(_:)``, calling `warn` once, outside the lock, with `warning(state)` if the wait lasts longer than
    /// `delay` seconds. `delay` is asked for only once `body` first waits: a read that does not wait takes no other
    /// lock.
    func waitFor<R>(
        warningAfter delay: @autoclosure () -> Double,
        warning: (State) -> String,
        warn: (String) -> Void,
        _ body: (inout State) -> R?
    ) -> R {
        condition.lock()
        defer { condition.unlock() }
        if let result = body(&state) { return result }
        let deadline = Date(timeIntervalSinceNow: delay())
        var warned = false
        while true {
            if warned {
                condition.wait()
            } else if !condition.wait(until: deadline), Date() >= deadline {
                warned = true
                let message = warning(state)
                condition.unlock()
                warn(message)
                condition.lock()
            }
            if let result = body(&state) { return result }
        }
    }

    /// Runs `body` under the lock, then wakes every thread waiting in `waitFor(_:)`.
    func withLockBroadcasting<R>(_ body: (inout State) throws -> R) rethrows -> R {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return try body(&state)
    }
}

/// A value behind the package's lock, for `AmbientTesting`, so that the package keeps one kind of lock.
package typealias _Locked<State> = ConditionLock<State>

/// The identity of the calling thread, as a number that can be compared and stored anywhere.
///
/// Creating a default value is synchronous, so "the same thread" means "nested inside that creation".
@inline(__always)
func currentThreadID() -> UInt {
    // NB: `pthread_t` is a pointer on Darwin and an integer on Linux; both fit in a `UInt`.
    #if canImport(Darwin)
        return UInt(bitPattern: pthread_self())
    #else
        return UInt(pthread_self())
    #endif
}

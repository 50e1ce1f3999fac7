import Foundation

/// A value that one thread at a time may read or change, guarded by an `NSLock` (`Synchronization.Mutex` needs
/// newer systems than the package supports).
// NB: `@unchecked Sendable` is sound here: `value` is private and is read or written only inside `withLock`, while
// `lock` is held, so no two threads ever touch it at once; `Value: Sendable` lets the value itself cross threads.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
package final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A lock around `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock. `body` must not use this lock again.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

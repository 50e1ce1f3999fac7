public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive `flock` that the test itself holds on a data file's lock file, as another `todos` would.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public final class HeldLock {
    private let descriptor: Int32

    /// Takes the lock on `.todos.json.lock` (or another lock file) at `url`, creating the file.
    ///
    /// - Parameter url: The lock file.
    public init(_ url: URL) {
        descriptor = open(url.path(percentEncoded: false), O_RDWR | O_CREAT, 0o644)
        precondition(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0, "cannot lock \(url)")
    }

    /// Releases the lock.
    public func release() {
        flock(descriptor, LOCK_UN)
    }

    deinit {
        close(descriptor)
    }
}

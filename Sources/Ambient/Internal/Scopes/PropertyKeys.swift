/// Which key each `DependencyValues` key path reads, as learned from its reads.
///
/// A `@Dependency` created while a default is created names its key without reading it
/// (<doc:Semantics#Lazy-is-lazy>). A property declared with its key names it directly; one declared with a key path
/// names the key that the key path's getter was seen to read the first time it was read anywhere in the process.
/// Until then its key is unknown, and the default is kept for the innermost scope that overrides anything.
enum PropertyKeys {
    /// One key path's key.
    ///
    /// NB: the key path is held `unowned`, not `weak` and not strongly. A weak reference would give every learned key
    /// path a side table, which sends each retain and release of it — one per `@Dependency` built — down the
    /// runtime's slow path; a strong one would keep key paths built at run time (`\.[item: id]`) alive. An unowned
    /// reference lets the key path be freed but keeps its memory allocated, so its address, and with it its
    /// identity, is never taken by another key path while the entry exists. It is never dereferenced.
    private struct Learned: @unchecked Sendable {
        // Safe: `keyPath` is never read; the entry exists only to keep the address taken.
        unowned(safe) let keyPath: AnyObject
        let key: any DependencyKey.Type
    }

    /// The most key paths learned: past it, key paths built at run time are not learned, and properties declared
    /// with them count as naming an unknown key (see ``ReadRecorder``).
    static let capacity = 4_096

    private static let learned = ConditionLock<[ObjectIdentifier: Learned]>([:])

    /// The key that `keyPath` reads, if a read of it has shown it.
    static func key(for keyPath: any AnyObject & Sendable) -> (any DependencyKey.Type)? {
        learned.withLock { $0[ObjectIdentifier(keyPath)]?.key }
    }

    /// Notes that a read of `keyPath` read exactly `key`, itself.
    static func learn(_ keyPath: any AnyObject & Sendable, reads key: any DependencyKey.Type) {
        learned.withLock { learned in
            guard learned.count < capacity, learned[ObjectIdentifier(keyPath)] == nil else { return }
            learned[ObjectIdentifier(keyPath)] = Learned(keyPath: keyPath, key: key)
        }
    }
}

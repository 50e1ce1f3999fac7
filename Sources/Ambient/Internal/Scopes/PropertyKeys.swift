/// Which key each `DependencyValues` key path reads, as learned from its reads.
///
/// A `@Dependency` created while a default is created names its key without reading it
/// (<doc:Semantics#Lazy-is-lazy>). A property declared with its key names it directly; one declared with a key path
/// names the key that the key path's getter was seen to read the first time it was read anywhere in the process.
/// Until then its key is unknown, and the default is kept for the innermost scope that overrides anything.
enum PropertyKeys {
    /// One key path's key. The key path is held weakly: a key path built at run time may be freed, and another
    /// may then take its identity.
    private final class Learned: @unchecked Sendable {
        // Safe: both are set in `init` only, and the runtime loads weak references atomically.
        weak var keyPath: AnyObject?
        let key: any DependencyKey.Type
        init(keyPath: AnyObject, key: any DependencyKey.Type) {
            self.keyPath = keyPath
            self.key = key
        }
    }

    private static let learned = ConditionLock<[ObjectIdentifier: Learned]>([:])

    /// The key that `keyPath` reads, if a read of it has shown it.
    static func key(for keyPath: any AnyObject & Sendable) -> (any DependencyKey.Type)? {
        learned.withLock { learned in
            learned[ObjectIdentifier(keyPath)].flatMap { $0.keyPath === keyPath ? $0.key : nil }
        }
    }

    /// Notes that a read of `keyPath` read exactly `key`, itself.
    static func learn(_ keyPath: any AnyObject & Sendable, reads key: any DependencyKey.Type) {
        learned.withLock { learned in
            if learned[ObjectIdentifier(keyPath)]?.keyPath !== keyPath {
                learned = learned.filter { $0.value.keyPath != nil }
                learned[ObjectIdentifier(keyPath)] = Learned(keyPath: keyPath, key: key)
            }
        }
    }
}

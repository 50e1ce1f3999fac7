/// Values that `@Dependency` key paths resolved to in one scope, by the key path's identity.
///
/// The cache keeps each key path it has an entry for alive, so that no other key path can take its address (and
/// so its identity) while the entry exists. Key paths with arguments (`\.[item: id]`) are new objects each time
/// they are written; the cache stops growing at ``capacity`` entries, and later key paths are simply not cached.
///
/// A read looks first in a small direct-mapped level kept inside the cache object (``KeyPathCacheFirstLevel``), which the
/// `@Dependency` getters probe inline, without a call; only a key path that shares its first-level pair with
/// another one is found in the table behind it.
@usableFromInline
final class KeyPathCache: @unchecked Sendable {
    // Safe: `firstLevel` is the only `var`, and after `init` it is only reached through the atomic operations of
    // `KeyPathCacheFirstLevel`, whose soundness is argued there; every other stored property is a `let` of a
    // `Sendable` type.

    /// The first level's words; must stay the first stored property, and is only reached through
    /// ``KeyPathCacheFirstLevel``'s atomic operations after `init`.
    private var firstLevel = KeyPathCacheFirstLevel()
    /// Stored for a key path whose getter computes its value (see ``DependencyValues/resolve(_:)``).
    ///
    /// NB: one per cache, not a `static let`: a global costs a `swift_once` call on every read.
    let uncacheable = AnyBox()
    /// The most key paths one scope caches.
    static let capacity = 256

    private let table = LockFreeTable<AnyBox>()
    private let keyPaths = ConditionLock<[any AnyObject & Sendable]>([])

    /// Whether the first level is where ``KeyPathCacheFirstLevel`` looks for it.
    var firstLevelIsFirst: Bool { AtomicWords.areFirst(in: self, at: &firstLevel) }

    /// The value cached for `keyPath`, if it has one, without retaining it: valid while this cache lives.
    @inline(__always)
    func cachedValue(for keyPath: ObjectIdentifier) -> Unmanaged<AnyBox>? {
        guard let box = table.findUnmanaged(keyPath), box.toOpaque() != Unmanaged.passUnretained(uncacheable).toOpaque()
        else { return nil }
        return box
    }

    /// Whether `keyPath` was found to compute its value.
    func isUncacheable(_ keyPath: ObjectIdentifier) -> Bool {
        table.findUnmanaged(keyPath)?.toOpaque() == Unmanaged.passUnretained(uncacheable).toOpaque()
    }

    func insert(_ box: AnyBox, for keyPath: any AnyObject & Sendable) {
        keyPaths.withLock { keyPaths in
            let key = ObjectIdentifier(keyPath)
            guard keyPaths.count < Self.capacity, table.find(key) == nil else { return }
            keyPaths.append(keyPath)
            table.insert(box, for: key)
            if box !== uncacheable { KeyPathCacheFirstLevel.fill(.passUnretained(box), for: key, in: self) }
        }
    }
}

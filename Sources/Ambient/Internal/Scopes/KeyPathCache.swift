/// Values that `@Dependency` key paths resolved to in one scope, by the key path's identity.
///
/// The cache keeps each key path it has an entry for alive, so that no other key path can take its address (and
/// so its identity) while the entry exists. Key paths with arguments (`\.[item: id]`) are new objects each time
/// they are written; the cache stops growing at ``capacity`` entries, and later key paths are simply not cached.
final class KeyPathCache: Sendable {
    /// Stored for a key path whose getter computes its value (see ``DependencyValues/resolve(_:)``).
    ///
    /// NB: one per cache, not a `static let`: a global costs a `swift_once` call on every read.
    let uncacheable = AnyBox()
    /// The most key paths one scope caches.
    static let capacity = 256

    private let table = LockFreeTable<AnyBox>()
    private let keyPaths = ConditionLock<[any AnyObject & Sendable]>([])

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
            guard keyPaths.count < Self.capacity, table.find(ObjectIdentifier(keyPath)) == nil else { return }
            keyPaths.append(keyPath)
            table.insert(box, for: ObjectIdentifier(keyPath))
        }
    }
}

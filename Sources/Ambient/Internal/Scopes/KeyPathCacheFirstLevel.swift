public import AmbientAtomics

/// The first level of a ``KeyPathCache``: sixteen pairs of words, a key path's identity and its box, that
/// `@Dependency` reads probe inline, without a call.
///
/// The words are the cache's first stored property, so a reader finds them at a fixed offset from the cache object
/// (see ``AtomicWords``). A pair is filled once, under the cache's lock, box first and identity last (a releasing
/// store), and never changes again; a reader loads the identity with an acquiring load, so when it matches, the box
/// it loads next is the one stored with it. The box is not retained here: the cache's table holds it. A key path
/// whose pair another one took is found in the table only.
@usableFromInline
struct KeyPathCacheFirstLevel {
    /// Pair `i` is words `2i` (the key path's identity, 0 while free) and `2i + 1` (its box).
    private var words:
        (
            UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt,
            UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt
        ) = (
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
        )

    /// The pair of `keyPath`: a multiplicative hash of its identity, onto the sixteen pairs.
    @inlinable @inline(__always)
    static func pair(of keyPath: ObjectIdentifier) -> Int {
        Int(truncatingIfNeeded: (UInt(bitPattern: keyPath) &* 0x9E37_79B9_7F4A_7C15) >> 60)
    }

    /// The box stored for `keyPath` in the first level of `cache`, if its pair holds it; not retained.
    @inlinable @inline(__always)
    static func value(in cache: Unmanaged<KeyPathCache>, for keyPath: ObjectIdentifier) -> Unmanaged<AnyBox>? {
        let words = cache._withUnsafeGuaranteedRef { _getUnsafePointerToStoredProperties($0) }
        let pair = words.assumingMemoryBound(to: UInt.self) + 2 * pair(of: keyPath)
        guard ambient_load_acquire(pair) == UInt(bitPattern: keyPath) else { return nil }
        return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: ambient_load_relaxed(pair + 1)).unsafelyUnwrapped)
    }

    /// Stores `box` for `keyPath` in the first level of `cache` if its pair is free. Only under the cache's lock.
    static func fill(_ box: Unmanaged<AnyBox>, for keyPath: ObjectIdentifier, in cache: KeyPathCache) {
        let pair = _getUnsafePointerToStoredProperties(cache).assumingMemoryBound(to: UInt.self) + 2 * pair(of: keyPath)
        guard ambient_load_relaxed(pair) == 0 else { return }
        ambient_store_relaxed(pair + 1, UInt(bitPattern: box.toOpaque()))
        ambient_store_release(pair, UInt(bitPattern: keyPath))
    }
}

/// A reference that is set at most once and read with one acquiring load, kept in an ``AtomicWord``.
///
/// The word holds the reference retained once (or zero). The owner of the word releases it in its `deinit` with
/// ``releaseStored()``.
struct LazyReference<Instance: AnyObject & Sendable> {
    let word: AtomicWord

    /// The reference in word `index` of `object`'s ``AtomicWords``.
    @inline(__always)
    init(_ index: Int, of object: AnyObject) {
        word = AtomicWords.word(index, of: object)
    }

    /// The reference, if one was stored.
    @inline(__always)
    func load() -> Instance? {
        loadUnmanaged()?.takeUnretainedValue()
    }

    /// The reference, if one was stored, without retaining it: valid while the owner of the word lives.
    @inline(__always)
    func loadUnmanaged() -> Unmanaged<Instance>? {
        let bits = word.loadAcquiring()
        guard bits != 0 else { return nil }
        return Unmanaged<Instance>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
    }

    /// Stores `instance` unless a reference is already stored; returns the stored reference.
    func storeIfNil(_ instance: Instance) -> Instance {
        let desired = UInt(bitPattern: Unmanaged.passRetained(instance).toOpaque())
        let (exchanged, original) = word.compareExchange(expected: 0, desired: desired)
        if exchanged { return instance }
        Unmanaged<Instance>.fromOpaque(UnsafeRawPointer(bitPattern: desired).unsafelyUnwrapped).release()
        return Unmanaged<Instance>.fromOpaque(UnsafeRawPointer(bitPattern: original).unsafelyUnwrapped)
            .takeUnretainedValue()
    }

    /// Releases the stored reference, if any; for the owner's `deinit`.
    func releaseStored() {
        loadUnmanaged()?.release()
    }
}

import AmbientAtomics

/// Machine words that an object keeps first among its stored properties, and reads and writes only atomically.
///
/// Atomic operations need an address that never moves. Swift gives none for a stored property, but a class
/// instance's stored properties start at a fixed offset from the object, which `_getUnsafePointerToStoredProperties`
/// returns, and a non-resilient class lays out its stored properties in declaration order. So a class that needs
/// atomic words declares `AtomicWords` as its **first** stored property, never reads or writes it from Swift after
/// `init`, and reaches word `i` through ``AtomicWords/word(_:of:)``. `AtomicWordsLayoutTests` checks the address for
/// every class that does this.
///
/// NB: not `Synchronization.Atomic`, which needs iOS 18 / macOS 15: the operations come from the `AmbientAtomics` C
/// target, inlined.
struct AtomicWords {
    private var words: (UInt, UInt, UInt, UInt) = (0, 0, 0, 0)

    /// Word `index` of the atomic words that `object` keeps first among its stored properties.
    @inline(__always)
    static func word(_ index: Int, of object: AnyObject) -> AtomicWord {
        AtomicWord(address: _getUnsafePointerToStoredProperties(object).assumingMemoryBound(to: UInt.self) + index)
    }

    /// Whether `object`'s atomic words are where ``word(_:of:)`` looks, given the address Swift uses for them.
    static func areFirst(in object: AnyObject, at address: UnsafeRawPointer) -> Bool {
        UnsafeRawPointer(_getUnsafePointerToStoredProperties(object)) == address
    }
}

/// The reference whose bits a word holds (never zero): a reference count it owns, or none, as its owner says.
@inline(__always)
func unmanaged<Instance: AnyObject>(_ bits: UInt, as _: Instance.Type = Instance.self) -> Unmanaged<Instance> {
    Unmanaged<Instance>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
}

/// The bits of `instance`, retained once: what a word that owns a reference holds.
@inline(__always)
func retainedBits(_ instance: AnyObject) -> UInt {
    UInt(bitPattern: Unmanaged.passRetained(instance).toOpaque())
}

/// One machine word at an address that does not move, accessed only atomically.
struct AtomicWord {
    let address: UnsafeMutablePointer<UInt>

    /// The word; later loads and stores of this thread are ordered after it.
    @inline(__always)
    func loadAcquiring() -> UInt { ambient_load_acquire(address) }

    /// The word, with no ordering.
    @inline(__always)
    func loadRelaxed() -> UInt { ambient_load_relaxed(address) }

    /// Stores `value`; earlier loads and stores of this thread are ordered before it.
    @inline(__always)
    func storeReleasing(_ value: UInt) { ambient_store_release(address, value) }

    /// Stores `value`, with no ordering.
    @inline(__always)
    func storeRelaxed(_ value: UInt) { ambient_store_relaxed(address, value) }

    /// Stores `desired` if the word is `expected`; returns whether it did and the word it found.
    @inline(__always)
    func compareExchange(expected: UInt, desired: UInt) -> (exchanged: Bool, original: UInt) {
        var original = expected
        let exchanged = ambient_compare_exchange(address, &original, desired)
        return (exchanged, original)
    }

    /// Stores `desired` and returns the word it replaced.
    @inline(__always)
    func exchange(_ desired: UInt) -> UInt { ambient_exchange(address, desired) }
}

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
        return bits == 0 ? nil : unmanaged(bits)
    }

    /// Stores `instance` unless a reference is already stored; returns the stored reference.
    func storeIfNil(_ instance: Instance) -> Instance {
        let desired = retainedBits(instance)
        let (exchanged, original) = word.compareExchange(expected: 0, desired: desired)
        if exchanged { return instance }
        unmanaged(desired, as: Instance.self).release()
        return unmanaged(original).takeUnretainedValue()
    }

    /// Releases the stored reference, if any; for the owner's `deinit`.
    func releaseStored() {
        loadUnmanaged()?.release()
    }
}

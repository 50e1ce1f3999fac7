import Synchronization

/// A reference that is set at most once and read with one acquiring load.
///
/// It does what `AtomicLazyReference` does, specialized inside this module: the read path makes no generic metadata
/// lookup.
struct LazyReference<Instance: AnyObject & Sendable>: ~Copyable, Sendable {
    private let bits = Atomic<UInt>(0)

    init() {}

    deinit {
        let bits = bits.load(ordering: .acquiring)
        if bits != 0 {
            Unmanaged<Instance>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped).release()
        }
    }

    /// The reference, if one was stored.
    @inline(__always)
    func load() -> Instance? {
        let bits = bits.load(ordering: .acquiring)
        guard bits != 0 else { return nil }
        return Unmanaged<Instance>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
            .takeUnretainedValue()
    }

    /// The reference, if one was stored, without retaining it: valid while this storage lives.
    @inline(__always)
    func loadUnmanaged() -> Unmanaged<Instance>? {
        let bits = bits.load(ordering: .acquiring)
        guard bits != 0 else { return nil }
        return Unmanaged<Instance>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
    }

    /// Stores `instance` unless a reference is already stored; returns the stored reference.
    func storeIfNil(_ instance: Instance) -> Instance {
        let desired = UInt(bitPattern: Unmanaged.passRetained(instance).toOpaque())
        let (exchanged, original) = bits.compareExchange(
            expected: 0,
            desired: desired,
            ordering: .acquiringAndReleasing
        )
        if exchanged { return instance }
        Unmanaged<Instance>.fromOpaque(UnsafeRawPointer(bitPattern: desired).unsafelyUnwrapped).release()
        return Unmanaged<Instance>.fromOpaque(UnsafeRawPointer(bitPattern: original).unsafelyUnwrapped)
            .takeUnretainedValue()
    }
}

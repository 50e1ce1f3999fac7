import Synchronization

/// An insert-only map from a type's identity to an immutable object, read without locks.
///
/// Readers load the current slot array with one acquiring load and probe it; writers are serialized by the caller
/// (the owning root's or cache's lock). When the table grows, the new slot array keeps the old one alive, so a reader
/// that still probes it never sees freed memory; the arrays double, so they cost at most twice the final size.
final class LockFreeTable<Element: AnyObject & Sendable>: Sendable {
    private let current: Atomic<UInt>

    init(capacity: Int = 8) {
        let slots = Slots<Element>(capacity: capacity)
        current = Atomic(UInt(bitPattern: Unmanaged.passRetained(slots).toOpaque()))
    }

    deinit {
        Unmanaged<Slots<Element>>.fromOpaque(UnsafeRawPointer(bitPattern: current.load(ordering: .acquiring))!)
            .release()
    }

    /// The element stored for `key`, if any. Lock-free.
    @inline(__always)
    func find(_ key: ObjectIdentifier) -> Element? {
        findUnmanaged(key)?.takeUnretainedValue()
    }

    /// The element stored for `key`, if any, without retaining it: valid while this table lives. Lock-free, and
    /// free of reference counting, so readers on several threads never write to a shared cache line.
    @inline(__always)
    func findUnmanaged(_ key: ObjectIdentifier) -> Unmanaged<Element>? {
        let bits = current.load(ordering: .acquiring)
        return Unmanaged<Slots<Element>>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
            ._withUnsafeGuaranteedRef { $0.findUnmanaged(key) }
    }

    /// Stores `element` for `key` unless an element is already there; returns the element that is there afterwards.
    ///
    /// Callers must not run two inserts at once (they hold the owning cache's lock).
    @discardableResult
    func insert(_ element: Element, for key: ObjectIdentifier) -> Element {
        let slots = Unmanaged<Slots<Element>>.fromOpaque(
            UnsafeRawPointer(bitPattern: current.load(ordering: .acquiring)).unsafelyUnwrapped
        ).takeUnretainedValue()
        if let existing = slots.find(key) { return existing }
        if (slots.count + 1) * 2 > slots.capacity {
            // `larger` keeps `slots` alive: readers may still be probing it.
            let larger = Slots<Element>(capacity: slots.capacity * 2, previous: slots)
            slots.forEachElement { larger.insertNew($0, keyBits: $1) }
            larger.insertNew(element, keyBits: UInt(bitPattern: key))
            let old = current.exchange(
                UInt(bitPattern: Unmanaged.passRetained(larger).toOpaque()),
                ordering: .acquiringAndReleasing
            )
            Unmanaged<Slots<Element>>.fromOpaque(UnsafeRawPointer(bitPattern: old).unsafelyUnwrapped).release()
        } else {
            slots.insertNew(element, keyBits: UInt(bitPattern: key))
        }
        return element
    }
}

/// One open-addressed slot array of a ``LockFreeTable``.
final class Slots<Element: AnyObject & Sendable>: @unchecked Sendable {
    // Safe: slots are atomics; an element is published by storing its key with release ordering after the element
    // itself, and readers load the key with acquire ordering before the element. Slots never change once filled.
    // `count` is touched only by the single writer that the owning table admits at a time.
    let capacity: Int
    private let shift: Int
    private let keys: UnsafeMutablePointer<Atomic<UInt>>
    private let elements: UnsafeMutablePointer<Atomic<UInt>>
    /// The smaller array this one replaced, kept for readers that loaded it before the swap.
    private let previous: Slots?
    private(set) var count = 0

    init(capacity: Int, previous: Slots? = nil) {
        self.previous = previous
        precondition(capacity > 1 && capacity.nonzeroBitCount == 1)
        self.capacity = capacity
        shift = slotShift(forCapacity: capacity)
        keys = .allocate(capacity: capacity)
        elements = .allocate(capacity: capacity)
        for index in 0..<capacity {
            (keys + index).initialize(to: Atomic(0))
            (elements + index).initialize(to: Atomic(0))
        }
    }

    deinit {
        for index in 0..<capacity {
            let bits = elements[index].load(ordering: .relaxed)
            if bits != 0 {
                Unmanaged<Element>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped).release()
            }
        }
        keys.deinitialize(count: capacity)
        elements.deinitialize(count: capacity)
        keys.deallocate()
        elements.deallocate()
    }

    @inline(__always)
    func find(_ key: ObjectIdentifier) -> Element? {
        findUnmanaged(key)?.takeUnretainedValue()
    }

    @inline(__always)
    func findUnmanaged(_ key: ObjectIdentifier) -> Unmanaged<Element>? {
        let wanted = UInt(bitPattern: key)
        let mask = capacity - 1
        var index = slotIndex(of: key, shift: shift)
        while true {
            let found = keys[index].load(ordering: .acquiring)
            if found == wanted {
                let bits = elements[index].load(ordering: .relaxed)
                return Unmanaged<Element>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
            }
            if found == 0 { return nil }
            index = (index + 1) & mask
        }
    }

    /// Stores an element for a key known to be absent. Single writer only.
    func insertNew(_ element: Element, keyBits: UInt) {
        let mask = capacity - 1
        var index = slotIndex(ofBits: keyBits, shift: shift)
        while keys[index].load(ordering: .relaxed) != 0 {
            index = (index + 1) & mask
        }
        elements[index].store(UInt(bitPattern: Unmanaged.passRetained(element).toOpaque()), ordering: .relaxed)
        keys[index].store(keyBits, ordering: .releasing)
        count += 1
    }

    /// Calls `body` with every element and the bits of its key. Single writer only.
    func forEachElement(_ body: (Element, UInt) -> Void) {
        for index in 0..<capacity {
            let key = keys[index].load(ordering: .relaxed)
            guard key != 0 else { continue }
            let bits = elements[index].load(ordering: .relaxed)
            let element = Unmanaged<Element>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
                .takeUnretainedValue()
            body(element, key)
        }
    }
}

// The lock-free table, and the one hash of every table in Ambient.

/// An insert-only map from a type's identity to an immutable object, read without locks.
///
/// Readers load the current slot array with one acquiring load and probe it; writers are serialized by the caller
/// (the owning root's or cache's lock). When the table grows, the new slot array keeps the old one alive, so a reader
/// that still probes it never sees freed memory; the arrays double, so they cost at most twice the final size.
final class LockFreeTable<Element: AnyObject & Sendable>: @unchecked Sendable {
    // Safe: `atomicWords` is the only stored property, and it is only reached through atomic operations after
    // `init` (see `AtomicWords`); the slot arrays it points to are `Slots`, whose soundness is argued there.

    /// Word 0: the current ``Slots``, retained. Must stay the first stored property.
    private var atomicWords = AtomicWords()
    private var current: AtomicWord { AtomicWords.word(0, of: self) }
    @inline(__always)
    private var slots: Unmanaged<Slots<Element>> { unmanaged(current.loadAcquiring()) }

    init(capacity: Int = 8) {
        current.storeRelaxed(retainedBits(Slots<Element>(capacity: capacity)))
    }

    deinit {
        slots.release()
    }

    /// Whether the atomic words are where ``AtomicWords`` looks for them.
    var atomicWordsAreFirst: Bool { AtomicWords.areFirst(in: self, at: &atomicWords) }

    /// The element stored for `key`, if any. Lock-free.
    @inline(__always)
    func find(_ key: ObjectIdentifier) -> Element? {
        findUnmanaged(key)?.takeUnretainedValue()
    }

    /// The element stored for `key`, if any, without retaining it: valid while this table lives. Lock-free, and
    /// free of reference counting, so readers on several threads never write to a shared cache line.
    @inline(__always)
    func findUnmanaged(_ key: ObjectIdentifier) -> Unmanaged<Element>? {
        slots._withUnsafeGuaranteedRef { $0.findUnmanaged(key) }
    }

    /// Stores `element` for `key` unless an element is already there; returns the element that is there afterwards.
    ///
    /// Callers must not run two inserts at once (they hold the owning cache's lock).
    @discardableResult
    func insert(_ element: Element, for key: ObjectIdentifier) -> Element {
        let slots = self.slots.takeUnretainedValue()
        if let existing = slots.findUnmanaged(key) { return existing.takeUnretainedValue() }
        guard (slots.count + 1) * 2 > slots.capacity else {
            slots.insertNew(element, keyBits: UInt(bitPattern: key))
            return element
        }
        // `larger` keeps `slots` alive: readers may still be probing it.
        let larger = Slots<Element>(capacity: slots.capacity * 2, previous: slots)
        larger.insertNew(element, keyBits: UInt(bitPattern: key))
        unmanaged(current.exchange(retainedBits(larger)), as: Slots<Element>.self).release()
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
    /// Each slot's key, then its element (retained), side by side; only accessed atomically, through ``AtomicWord``.
    private let words: UnsafeMutablePointer<UInt>
    /// The smaller array this one replaced, kept for readers that loaded it before the swap.
    private let previous: Slots?
    private(set) var count = 0

    /// An empty array, or one that starts with the elements of `previous`, which it replaces.
    init(capacity: Int, previous: Slots? = nil) {
        self.previous = previous
        precondition(capacity > 1 && capacity.nonzeroBitCount == 1)
        self.capacity = capacity
        shift = slotShift(forCapacity: capacity)
        words = .allocate(capacity: 2 * capacity)
        words.initialize(repeating: 0, count: 2 * capacity)
        guard let previous else { return }
        for index in 0..<previous.capacity where previous.keyWord(index).loadRelaxed() != 0 {
            let element = unmanaged(previous.element(index).loadRelaxed(), as: Element.self).takeUnretainedValue()
            insertNew(element, keyBits: previous.keyWord(index).loadRelaxed())
        }
    }

    deinit {
        for index in 0..<capacity where keyWord(index).loadRelaxed() != 0 {
            unmanaged(element(index).loadRelaxed(), as: Element.self).release()
        }
        words.deinitialize(count: 2 * capacity)
        words.deallocate()
    }

    @inline(__always)
    func findUnmanaged(_ key: ObjectIdentifier) -> Unmanaged<Element>? {
        let wanted = UInt(bitPattern: key)
        let mask = capacity - 1
        var index = slotIndex(of: key, shift: shift)
        while true {
            let found = keyWord(index).loadAcquiring()
            if found == wanted { return unmanaged(element(index).loadRelaxed()) }
            if found == 0 { return nil }
            index = (index + 1) & mask
        }
    }

    @inline(__always)
    private func keyWord(_ index: Int) -> AtomicWord { AtomicWord(address: words + 2 * index) }

    @inline(__always)
    private func element(_ index: Int) -> AtomicWord { AtomicWord(address: words + 2 * index + 1) }

    /// Stores an element for a key known to be absent. Single writer only.
    func insertNew(_ element: Element, keyBits: UInt) {
        let mask = capacity - 1
        var index = slotIndex(ofBits: keyBits, shift: UInt(truncatingIfNeeded: shift))
        while keyWord(index).loadRelaxed() != 0 {
            index = (index + 1) & mask
        }
        self.element(index).storeRelaxed(retainedBits(element))
        keyWord(index).storeReleasing(keyBits)
        count += 1
    }
}

/// Fibonacci hashing of a type's or a key path's identity: one multiply, no `Hasher` round trip on the read path.
/// The one hash of every table in Ambient (``LockFreeTable``, ``KeyPathPairs``).
@inline(__always)
func slotIndex(of key: ObjectIdentifier, shift: Int) -> Int {
    slotIndex(ofBits: UInt(bitPattern: key), shift: UInt(truncatingIfNeeded: shift))
}

/// ``slotIndex(of:shift:)`` for a key already turned into its bits.
///
/// NB: a masking shift and wrapping arithmetic: ``slotShift(forCapacity:)`` keeps the shift below 64 for every
/// capacity of two slots or more, and the checks would be half of an inlined probe's instructions.
@inlinable @inline(__always)
func slotIndex(ofBits bits: UInt, shift: UInt) -> Int {
    Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) &>> shift)
}

/// The shift that maps a product onto `capacity` slots (a power of two).
@inline(__always)
func slotShift(forCapacity capacity: Int) -> Int {
    UInt.bitWidth - capacity.trailingZeroBitCount
}

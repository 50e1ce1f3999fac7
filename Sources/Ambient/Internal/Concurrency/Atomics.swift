// The lock-free primitives: atomic words an object keeps first (`AtomicWords`), a reference set once in one of them
// (`LazyReference`), the insert-only pairs every table is made of (`LockFreePairs`, which argues for its memory order
// for every user), the table that grows them and owns its elements (`LockFreeTable`), and the one hash of them all.

public import AmbientAtomics

/// Machine words that an object keeps first among its stored properties, and reads and writes only atomically.
///
/// Atomic operations need an address that never moves. A class instance's stored properties start at a fixed offset
/// (`_getUnsafePointerToStoredProperties`), in declaration order, so a class declares `AtomicWords` as its **first**
/// stored property, never touches it from Swift after `init`, and reaches word `i` through ``word(_:of:)``
/// (`AtomicWordsLayoutTests` checks the address). NB: not `Synchronization.Atomic`, which needs iOS 18 / macOS 15:
/// the operations come from the `AmbientAtomics` C target, inlined.
struct AtomicWords {
    private var words: (UInt, UInt, UInt, UInt) = (0, 0, 0, 0)

    /// Word `index` of the atomic words that `object` keeps first among its stored properties.
    @inline(__always)
    static func word(_ index: Int, of object: AnyObject) -> AtomicWord {
        AtomicWord(address: _getUnsafePointerToStoredProperties(object).assumingMemoryBound(to: UInt.self) + index)
    }

    /// Whether `object`'s atomic words are where ``word(_:of:)`` looks, given the address Swift uses for them; with
    /// `skipping`, whether what follows that many words is at `address`.
    static func areFirst(in object: AnyObject, at address: UnsafeRawPointer, skipping words: Int = 0) -> Bool {
        UnsafeRawPointer(_getUnsafePointerToStoredProperties(object) + words * MemoryLayout<UInt>.size) == address
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
}

/// A reference that is set at most once and read with one acquiring load, kept in an ``AtomicWord``, retained once
/// (or zero); the owner of the word releases it in its `deinit` with ``releaseStored()``.
struct LazyReference<Instance: AnyObject & Sendable> {
    let word: AtomicWord

    /// The reference in word `index` of `object`'s ``AtomicWords``.
    @inline(__always)
    init(_ index: Int, of object: AnyObject) {
        word = AtomicWords.word(index, of: object)
    }

    /// The reference, if one was stored.
    @inline(__always)
    func load() -> Instance? { loadUnmanaged()?.takeUnretainedValue() }

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
    func releaseStored() { loadUnmanaged()?.release() }
}

/// An insert-only, open-addressed array of (key, value) word pairs, probed without a lock and without a call: the
/// storage of every table in Ambient (``LockFreeTable``, ``KeyPathPairs``, ``PropertyKeys``, ``OverrideMap``).
///
/// Word 0 holds the hash's shift, word 1 the mask of the pair index, word 2 the pairs reserved (a count), word 3 the
/// array that this one replaced (or 0); pair `i` is words `4 + 2i` (the key, 0 while free) and `5 + 2i` (its value,
/// 0 until stored; never 0 once stored). Keys are identities of objects, never 0.
///
/// The memory order, argued once for every table. The header and the zeroed pairs are written before the array is
/// published, by a releasing store that readers load acquiring, and the header never changes. A pair is filled once,
/// in three steps: a writer reserves one of at most half the pairs in the count (compare-and-swap), claims a free key
/// word by a compare-and-swap from 0, then stores the value with a releasing store. A reader loads keys relaxed and
/// the value of its key acquiring, so a value it sees comes with everything its writer did before storing it (the
/// object the value points at, built); a value still 0 reads as absent, as a read made before the insert would. The
/// array is at most half full, so every probe ends at a free pair. So any number of writers may insert at once; only
/// ``inserting(_:for:)``, which grows the array, needs one writer at a time (its owner's lock).
@usableFromInline
struct LockFreePairs: @unchecked Sendable {
    // Safe: the header is immutable once published, and every pair word and the count are read and written only
    // atomically, in the order argued above.

    @usableFromInline let words: UnsafeMutablePointer<UInt>

    /// The words before the first pair.
    @inlinable static var headerWords: Int { 4 }

    /// An empty array of `capacity` pairs (a power of two), or one that starts with the pairs of `previous`, which it
    /// replaces and keeps allocated for readers still probing it.
    init(capacity: Int, previous: LockFreePairs? = nil) {
        precondition(capacity > 1 && capacity.nonzeroBitCount == 1)
        let count = Self.headerWords + 2 * capacity
        words = .allocate(capacity: count)
        words.initialize(repeating: 0, count: count)
        words[0] = UInt(slotShift(forCapacity: capacity))
        words[1] = UInt(capacity - 1)
        words[3] = previous.map { UInt(bitPattern: $0.words) } ?? 0
        previous?.forEachPair { _ = insert($1, for: $0) }
    }

    /// The pairs at `words`, as published.
    @inlinable
    init(words: UnsafeMutablePointer<UInt>) { self.words = words }

    /// The pairs whose words start at the address `bits`, as published.
    init(bits: UInt) { self.init(words: UnsafeMutablePointer(bitPattern: bits).unsafelyUnwrapped) }

    var capacity: Int { Int(words[1]) + 1 }

    /// How many pairs are filled or about to be.
    var count: Int { Int(atomic(2).loadRelaxed()) }

    @inline(__always)
    private func atomic(_ index: Int) -> AtomicWord { AtomicWord(address: words + index) }

    /// The value stored for `key`, or 0. Lock-free.
    @inlinable @inline(__always)
    func value(for key: UInt) -> UInt {
        let mask = Int(bitPattern: words[1])
        var index = slotIndex(ofBits: key, shift: words[0])
        while true {
            let pair = words + (Self.headerWords &+ 2 &* index)
            let found = ambient_load_relaxed(pair)
            if found == key { return ambient_load_acquire(pair + 1) }
            if found == 0 { return 0 }
            index = (index &+ 1) & mask
        }
    }

    /// Stores `value` (never 0) for `key` unless the key has a pair or the array is half full; returns whether it
    /// did. Any number of writers at once. Once it returns, a read of `key` finds its value (this one or another
    /// writer's) unless the array was full: a writer that finds the key claimed waits for its value, which the
    /// claiming writer stores right after its compare-and-swap, having built it before.
    @discardableResult
    func insert(_ value: UInt, for key: UInt) -> Bool {
        var index = slotIndex(ofBits: key, shift: words[0])
        var hasReserved = false
        while true {
            let pair = Self.headerWords + 2 * index
            if atomic(pair).loadRelaxed() == 0 {
                guard hasReserved || changeCount(by: 1) else { return false }
                hasReserved = true
                if atomic(pair).compareExchange(expected: 0, desired: key).exchanged {
                    atomic(pair + 1).storeReleasing(value)
                    return true
                }
            }
            if atomic(pair).loadRelaxed() == key {
                if hasReserved { changeCount(by: -1) }
                while atomic(pair + 1).loadAcquiring() == 0 {}
                return false
            }
            index = (index + 1) & (capacity - 1)
        }
    }

    /// Adds `change` to the count unless that would fill more than half the pairs; returns whether it did.
    @discardableResult
    private func changeCount(by change: Int) -> Bool {
        var count = atomic(2).loadRelaxed()
        while count &+ UInt(bitPattern: change) <= UInt(capacity / 2) {
            let (exchanged, original) = atomic(2).compareExchange(
                expected: count, desired: count &+ UInt(bitPattern: change))
            if exchanged { return true }
            count = original
        }
        return false
    }

    /// Stores `value` for `key`, which has no pair; returns the array that holds it: this one, or when this one is
    /// half full a copy twice its size, to publish in its place. One writer at a time.
    func inserting(_ value: UInt, for key: UInt) -> LockFreePairs {
        let target = (count + 1) * 2 > capacity ? LockFreePairs(capacity: 2 * capacity, previous: self) : self
        target.insert(value, for: key)
        return target
    }

    /// Calls `body` with every stored key and value. One writer at a time, or none.
    func forEachPair(_ body: (_ key: UInt, _ value: UInt) -> Void) {
        for pair in stride(from: Self.headerWords, to: Self.headerWords + 2 * capacity, by: 2) {
            let value = atomic(pair + 1).loadAcquiring()
            if value != 0 { body(atomic(pair).loadRelaxed(), value) }
        }
    }

    /// Frees this array and every one it replaced; for the owner, once no reader can probe them.
    func deallocate() {
        let previous = words[3]
        words.deallocate()
        if previous != 0 { LockFreePairs(bits: previous).deallocate() }
    }
}

/// An insert-only map from a word (a ``CreationSlot``'s bits) to an immutable object, read without locks:
/// ``LockFreePairs`` that grow, with their elements retained. Writers are serialized by the caller (the owning
/// root's lock).
final class LockFreeTable<Element: AnyObject & Sendable>: @unchecked Sendable {
    // Safe: `atomicWords` is the only stored property, and it is only reached through atomic operations after
    // `init` (see `AtomicWords`); the pairs it points to argue for themselves.

    /// Word 0: the current ``LockFreePairs``; each value is an element, retained. Must stay the first stored property.
    private var atomicWords = AtomicWords()
    private var current: AtomicWord { AtomicWords.word(0, of: self) }

    init(capacity: Int = 8) {
        current.storeRelaxed(UInt(bitPattern: LockFreePairs(capacity: capacity).words))
    }

    deinit {
        let pairs = LockFreePairs(bits: current.loadAcquiring())
        pairs.forEachPair { unmanaged($1, as: Element.self).release() }
        pairs.deallocate()
    }

    /// Whether the atomic words are where ``AtomicWords`` looks for them.
    var atomicWordsAreFirst: Bool { AtomicWords.areFirst(in: self, at: &atomicWords) }

    /// The element stored for `key`, if any. Lock-free.
    @inline(__always)
    func find(_ key: UInt) -> Element? {
        findUnmanaged(key)?.takeUnretainedValue()
    }

    /// The element stored for `key`, if any, without retaining it (valid while this table lives): lock-free readers
    /// on several threads never write to a shared cache line.
    @inline(__always)
    func findUnmanaged(_ key: UInt) -> Unmanaged<Element>? {
        let bits = LockFreePairs(bits: current.loadAcquiring()).value(for: key)
        return UnsafeRawPointer(bitPattern: bits).map { Unmanaged.fromOpaque($0) }
    }

    /// Stores `element` for `key` unless an element is already there; returns the element that is there afterwards.
    /// One writer at a time (the owning root's lock).
    @discardableResult
    func insert(_ element: Element, for key: UInt) -> Element {
        if let existing = find(key) { return existing }
        let pairs = LockFreePairs(bits: current.loadRelaxed()).inserting(retainedBits(element), for: key)
        current.storeReleasing(UInt(bitPattern: pairs.words))
        return element
    }
}

/// Fibonacci hashing of a type's or a key path's identity (its bits): one multiply, no `Hasher` round trip on the
/// read path; the one hash of every table in Ambient (``LockFreePairs``).
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

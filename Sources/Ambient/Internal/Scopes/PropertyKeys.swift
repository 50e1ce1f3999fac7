/// Which key each `DependencyValues` key path reads, as learned from its reads.
///
/// A `@Dependency` created while a default is created names its key without reading it
/// (<doc:Semantics#Lazy-is-lazy>). A property declared with its key names it directly; one declared with a key path
/// names the key that the key path's getter was seen to read the first time it was read anywhere in the process.
/// Until then its key is unknown, and the default is kept for the innermost scope that overrides anything.
///
/// Lock-free, so that a first read through `@Dependency(\.key)` takes no lock of its own here: one fixed array of
/// twice ``capacity`` pairs (the key path's identity, then its ``Learned``, retained and never released), which
/// therefore never grows and is at most half full, so every probe ends at a free pair. A learner reserves a pair in
/// the count first (compare-and-swap, never past ``capacity``), then claims a free pair by a compare-and-swap of its
/// identity word from 0, then stores the entry with a releasing store; a reader loads the identity and then the entry
/// with acquiring loads, and treats a claimed pair whose entry is not stored yet as not learned (the read that
/// learns it races with it anyway). Two threads learning one key path find each other's claim; the loser gives its
/// reservation back.
enum PropertyKeys {
    /// One key path's key.
    ///
    /// NB: the key path is held `unowned`, not `weak` and not strongly. A weak reference would give every learned key
    /// path a side table, which sends each retain and release of it — one per `@Dependency` built — down the
    /// runtime's slow path; a strong one would keep key paths built at run time (`\.[item: id]`) alive. An unowned
    /// reference lets the key path be freed but keeps its memory allocated, so its address, and with it its
    /// identity, is never taken by another key path while the entry exists. It is never dereferenced.
    private final class Learned: Sendable {
        unowned(safe) let keyPath: any AnyObject & Sendable
        let key: any DependencyKey.Type

        init(keyPath: any AnyObject & Sendable, key: any DependencyKey.Type) {
            self.keyPath = keyPath
            self.key = key
        }
    }

    /// The words of the table: word 0 counts the pairs reserved; pair `i` is words `2 + 2i` (the key path's
    /// identity, 0 while free) and `3 + 2i` (its ``Learned``, retained, 0 until stored).
    private struct Table: @unchecked Sendable {
        // Safe: the words are allocated once and never freed, and after `init` every word is read and written only
        // atomically, in the order the type's comment argues.
        let words: UnsafeMutablePointer<UInt>

        init() {
            let count = 2 + 4 * capacity
            words = .allocate(capacity: count)
            words.initialize(repeating: 0, count: count)
        }

        func identity(_ index: Int) -> AtomicWord { AtomicWord(address: words + 2 + 2 * index) }
        func entry(_ index: Int) -> AtomicWord { AtomicWord(address: words + 3 + 2 * index) }
        var reserved: AtomicWord { AtomicWord(address: words) }
    }

    /// The most key paths learned: past it, key paths built at run time are not learned, and properties declared
    /// with them count as naming an unknown key (see ``ReadRecorder``).
    static let capacity = 4_096

    private static let table = Table()
    private static let mask = 2 * capacity - 1
    private static let shift = UInt(slotShift(forCapacity: 2 * capacity))

    /// The key that `keyPath` reads, if a read of it has shown it.
    static func key(for keyPath: any AnyObject & Sendable) -> (any DependencyKey.Type)? {
        let wanted = UInt(bitPattern: ObjectIdentifier(keyPath))
        var index = slotIndex(ofBits: wanted, shift: shift)
        while true {
            let found = table.identity(index).loadAcquiring()
            if found == 0 { return nil }
            if found == wanted {
                let bits = table.entry(index).loadAcquiring()
                return bits == 0 ? nil : unmanaged(bits, as: Learned.self).takeUnretainedValue().key
            }
            index = (index + 1) & mask
        }
    }

    /// Notes that a read of `keyPath` read exactly `key`, itself.
    static func learn(_ keyPath: any AnyObject & Sendable, reads key: any DependencyKey.Type) {
        let wanted = UInt(bitPattern: ObjectIdentifier(keyPath))
        var index = slotIndex(ofBits: wanted, shift: shift)
        var hasReserved = false
        while true {
            var found = table.identity(index).loadAcquiring()
            if found == 0 {
                guard hasReserved || changeReserved(by: 1) else { return }
                hasReserved = true
                let (claimed, original) = table.identity(index).compareExchange(expected: 0, desired: wanted)
                if claimed {
                    table.entry(index).storeReleasing(retainedBits(Learned(keyPath: keyPath, key: key)))
                    return
                }
                found = original
            }
            if found == wanted {
                if hasReserved { changeReserved(by: -1) }
                return
            }
            index = (index + 1) & mask
        }
    }

    /// Adds `change` to the count of reserved pairs unless that would pass ``capacity``; returns whether it did: a
    /// learner takes a pair (`+1`, `false` when all are taken), and gives back one it did not fill (`-1`).
    @discardableResult
    private static func changeReserved(by change: Int) -> Bool {
        var count = table.reserved.loadRelaxed()
        while count &+ UInt(bitPattern: change) <= UInt(capacity) {
            let (exchanged, original) = table.reserved.compareExchange(
                expected: count, desired: count &+ UInt(bitPattern: change))
            if exchanged { return true }
            count = original
        }
        return false
    }
}

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

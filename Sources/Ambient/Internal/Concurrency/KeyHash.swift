/// Fibonacci hashing of a type's identity: one multiply, no `Hasher` round trip on the read path.
@inline(__always)
func slotIndex(of key: ObjectIdentifier, shift: Int) -> Int {
    slotIndex(ofBits: UInt(bitPattern: key), shift: shift)
}

/// ``slotIndex(of:shift:)`` for a key already turned into its bits.
@inline(__always)
func slotIndex(ofBits bits: UInt, shift: Int) -> Int {
    let product = bits &* UInt(truncatingIfNeeded: 0x9E37_79B9_7F4A_7C15 as UInt64)
    return Int(truncatingIfNeeded: product >> UInt(shift))
}

/// The shift that maps a product onto `capacity` slots (a power of two).
@inline(__always)
func slotShift(forCapacity capacity: Int) -> Int {
    UInt.bitWidth - capacity.trailingZeroBitCount
}

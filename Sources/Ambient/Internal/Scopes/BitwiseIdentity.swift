/// Decides whether two values are the same value by comparing their bytes, for types that offer no `==`.
///
/// Two places use it to recognise a value they have already seen: `@Dependency`'s key-path cache (is what a getter
/// returned the key's value itself?) and a view's dependency modifier (is `.dependency(\.api, DemoAPI())`, evaluated
/// again on a re-render, the same change as last time?).
///
/// Why identical bytes mean the same value. A copyable Swift value is wholly held in its inline representation: its
/// stored properties inline, a class instance as a pointer to it, an indirect enum payload or an existential too
/// large for its inline buffer as a pointer to an immutable (copy-on-write) box. Nothing else belongs to the value.
/// So two values of one type whose bytes are equal are indistinguishable to any code: each property reads the same,
/// each reference is the same instance. Both values are alive while they are compared (the caller holds them), so
/// two different instances cannot have the same address. A type with no stored bytes (an empty struct) has one value
/// only. A type whose identity is its address (an atomic, a lock) is `~Copyable` and cannot reach a generic
/// parameter here.
///
/// The converse does not hold, and need not: equal values may have different bytes (two equal strings in two
/// buffers, two boxes holding equal payloads). The answer is then "different", and the callers only lose an
/// optimisation: the cache does not cache, the modifier applies its change again.
///
/// Padding is compared too. A copy of a plain-data value may carry whatever bytes its source had there (the address
/// sanitizer's builds show it), so two equal values with padding can compare different; that only costs the
/// optimisation, as above. Each value is copied into zeroed memory first, so at least the bytes a copy leaves
/// unwritten agree.
func isBitwiseIdentical<Value>(_ first: Value, _ second: Value) -> Bool {
    let size = MemoryLayout<Value>.size
    guard size > 0 else { return true }
    let buffers = (0..<2).map { _ in
        UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<Value>.alignment)
    }
    defer {
        for buffer in buffers { buffer.deallocate() }
    }
    for (buffer, value) in zip(buffers, [first, second]) {
        buffer.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        buffer.bindMemory(to: Value.self, capacity: 1).initialize(to: value)
    }
    defer {
        for buffer in buffers { buffer.assumingMemoryBound(to: Value.self).deinitialize(count: 1) }
    }
    return (0..<size).allSatisfy {
        buffers[0].load(fromByteOffset: $0, as: UInt8.self) == buffers[1].load(fromByteOffset: $0, as: UInt8.self)
    }
}

/// Whether two values known only as `Any` have the same dynamic type and the same bytes.
///
/// The values are opened and compared as their dynamic type, not as `Any` containers: a value stored in an existential
/// may sit in a box that each copy allocates anew, which would make every value look different.
func isBitwiseIdentical(opening first: Any, _ second: Any) -> Bool {
    guard type(of: first) == type(of: second) else { return false }
    func compare<Opened>(_ first: Opened) -> Bool {
        guard let second = second as? Opened else { return false }
        return isBitwiseIdentical(first, second)
    }
    // NB: passing an `Any` to a generic parameter opens it (SE-0352), so `Opened` is the dynamic type.
    return compare(first)
}

/// A value set explicitly for a key in some scope, with where it was set.
struct Override: Sendable {
    /// The key's identity.
    let key: ObjectIdentifier
    /// The key type, for descriptions.
    let keyType: any DependencyKey.Type
    /// The value.
    let box: AnyBox
    /// The depth of the scope (``ScopeNode`` node) that set it: defaults built from this value are cached there.
    let depth: Int
    /// Where it was set, when a `withDependencies` call set it.
    var site: CallSite? = nil
}

/// An immutable open-addressed map of overrides, built once per scope and probed without hashing through `Hasher`.
final class OverrideMap: Sendable {
    private let shift: UInt
    private let keys: [UInt]
    private let overrides: [Override?]
    private let boxes: [AnyBox?]
    /// The overrides, in no particular order.
    let all: [Override]

    init(_ all: [Override]) {
        self.all = all
        var capacity = 4
        while capacity < all.count * 2 { capacity *= 2 }
        shift = UInt(slotShift(forCapacity: capacity))
        var keys = [UInt](repeating: 0, count: capacity)
        var overrides = [Override?](repeating: nil, count: capacity)
        for override in all {
            var index = slotIndex(ofBits: UInt(bitPattern: override.key), shift: shift)
            while keys[index] != 0 { index = (index + 1) & (capacity - 1) }
            keys[index] = UInt(bitPattern: override.key)
            overrides[index] = override
        }
        self.keys = keys
        self.overrides = overrides
        boxes = overrides.map { $0?.box }
    }

    /// The overriding value for `key`, without retaining it: valid while this map lives.
    @inline(__always)
    func findBox(_ key: ObjectIdentifier) -> Unmanaged<AnyBox>? {
        slot(of: key).map { Unmanaged.passUnretained(boxes[$0].unsafelyUnwrapped) }
    }

    /// The override for `key`, if any.
    @inline(__always)
    func find(_ key: ObjectIdentifier) -> Override? {
        slot(of: key).flatMap { overrides[$0] }
    }

    /// The slot that holds `key`, if any.
    @inline(__always)
    private func slot(of key: ObjectIdentifier) -> Int? {
        let wanted = UInt(bitPattern: key)
        let mask = keys.count - 1
        var index = slotIndex(ofBits: wanted, shift: shift)
        while true {
            let found = keys[index]
            if found == wanted { return index }
            if found == 0 { return nil }
            index = (index + 1) & mask
        }
    }
}

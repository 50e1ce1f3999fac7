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

/// An immutable map of overrides, built once per scope and probed like every table (``LockFreePairs``), with no
/// `Hasher` round trip.
final class OverrideMap: Sendable {
    /// Each override's key, and one more than its index in ``all``.
    private let indices: LockFreePairs
    private let boxes: [AnyBox]
    /// The overrides, in no particular order.
    let all: [Override]

    init(_ all: [Override]) {
        self.all = all
        boxes = all.map(\.box)
        var capacity = 4
        while capacity < all.count * 2 { capacity *= 2 }
        indices = LockFreePairs(capacity: capacity)
        for (index, override) in all.enumerated() {
            indices.insert(UInt(index + 1), for: UInt(bitPattern: override.key))
        }
    }

    deinit { indices.deallocate() }

    /// The overriding value for `key`, without retaining it: valid while this map lives.
    @inline(__always)
    func findBox(_ key: ObjectIdentifier) -> Unmanaged<AnyBox>? {
        let index = Int(bitPattern: indices.value(for: UInt(bitPattern: key)))
        return index == 0 ? nil : Unmanaged.passUnretained(boxes[index - 1])
    }

    /// The override for `key`, if any.
    func find(_ key: ObjectIdentifier) -> Override? {
        let index = Int(bitPattern: indices.value(for: UInt(bitPattern: key)))
        return index == 0 ? nil : all[index - 1]
    }
}

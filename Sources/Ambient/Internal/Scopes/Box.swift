// How a dependency value is held: in a type-erased box (`AnyBox`), or, for the first override a scope sets, inline in
// its node (`InlineValue`), so that a scope that overrides one small value allocates nothing but its node; and the
// address the read path finds it at, in either.

/// A type-erased, immutable holder of one dependency value.
///
/// The read path knows the value's type from the key, so it unboxes with `unsafeDowncast` instead of a dynamic cast.
@usableFromInline
class AnyBox: @unchecked Sendable {
    // Safe: the base class has no state, and its only subclass, `Box`, holds one immutable `Sendable` value.

    /// The boxed value, described for ``DependencyValues/description``.
    var valueDescription: String { "" }

    /// The boxed value if it is an instance of a class, whatever the key's type says, and how to box it again once
    /// this box is gone: what a value that remembers it weakly keeps.
    var weakened: (object: AnyObject, rebox: @Sendable (AnyObject) -> AnyBox)? { nil }

    /// An empty box; `Box.init` is inlined into callers, so they must see this.
    @usableFromInline init() {}
}

/// The one concrete ``AnyBox``.
@usableFromInline
final class Box<Value: Sendable>: AnyBox, @unchecked Sendable {
    // Safe: `value` is a `let` of a `Sendable` type.
    @usableFromInline let value: Value

    @inlinable
    init(_ value: Value) {
        self.value = value
    }

    override var valueDescription: String { String(describing: value) }

    override var weakened: (object: AnyObject, rebox: @Sendable (AnyObject) -> AnyBox)? {
        // NB: `value as Any` opens an existential `Value`, so that a class instance behind a protocol is found too. The
        // object came from a box of this type, so the cast cannot fail.
        type(of: value as Any) is AnyClass ? (value as AnyObject, { Box($0 as! Value) }) : nil
    }
}

extension AnyBox {
    /// How far past the start of a box's stored properties (`_getUnsafePointerToStoredProperties`, the end of the
    /// object's two-word header) its value of type `Value` lies: 0, unless the type is aligned to more than the
    /// header's size, and its offset in the object is then its alignment.
    @inlinable @inline(__always)
    static func valueOffset<Value>(of _: Value.Type) -> Int {
        let header = 2 * MemoryLayout<UnsafeRawPointer>.size
        return MemoryLayout<Value>.alignment <= header ? 0 : MemoryLayout<Value>.alignment - header
    }

    /// The value, for a caller that knows its type from the key it was stored under.
    @inlinable @inline(__always)
    func unbox<Value: Sendable>(as _: Value.Type) -> Value {
        unsafeDowncast(self, to: Box<Value>.self).value
    }
}

/// Room in a ``ScopeNode`` node for the value of the first override the node sets, so that a scope that overrides
/// one small value allocates nothing but its node.
///
/// Most scopes set one override, and most dependency values are a class reference, a small struct, or an
/// existential of one protocol (five words). Boxing that value cost every scope entry a second allocation, its
/// free, and an atomic decrement: a quarter of a scope entry. A value that fits is kept here instead; a larger or
/// over-aligned one, and every override after the first, still gets a ``Box``.
///
/// Like ``AtomicWords``, the words sit at a fixed place among the node's stored properties (right after its atomic
/// words) and are reached only through their address, which `_getUnsafePointerToStoredProperties` gives and inlined
/// getters can compute. Swift sees five integers and never touches them after `init`; the node initializes, reads
/// and destroys the value in them as the value's type, which it keeps beside them (``ScopeNode/firstValueType``).
/// `InlineValueTests` checks the address.
@usableFromInline
struct InlineValue {
    private var words: (UInt, UInt, UInt, UInt, UInt) = (0, 0, 0, 0, 0)

    /// Whether a value of type `Value` is kept inline rather than boxed: a constant once specialized.
    @inlinable @inline(__always)
    static func fits<Value>(_: Value.Type) -> Bool {
        MemoryLayout<Value>.size <= 5 * MemoryLayout<UInt>.size
            && MemoryLayout<Value>.alignment <= MemoryLayout<UInt>.alignment
    }

    /// How a value kept inline is destroyed: decided where its type is known, so that freeing the node needs no
    /// generic call for the common values.
    @usableFromInline
    enum Destruction: UInt8 {
        /// Plain data: nothing to do.
        case none
        /// One reference: a release.
        case release
        /// Anything else: its type's own destruction, through ``ScopeNode/firstValueType``.
        case generic

        /// How a value of type `Value` is destroyed; a constant once specialized.
        @inlinable @inline(__always)
        static func of<Value>(_: Value.Type) -> Destruction {
            if _isPOD(Value.self) { return .none }
            if MemoryLayout<Value>.size == MemoryLayout<AnyObject>.size, Value.self is AnyObject.Type {
                return .release
            }
            return .generic
        }
    }

    /// The words' address in `storage`: after the node's four atomic words.
    @inlinable @inline(__always)
    static func address(in storage: Unmanaged<ScopeNode>) -> UnsafeMutableRawPointer {
        storage._withUnsafeGuaranteedRef { _getUnsafePointerToStoredProperties($0) } + 4 * MemoryLayout<UInt>.size
    }
}

extension ScopeNode {
    /// The value that ``createdValue(for:)`` found at `address`, of the key's type `Value`; `nil` for none.
    @inlinable @inline(__always)
    static func value<Value: Sendable>(at address: UInt, as _: Value.Type) -> Value? {
        guard let address = UnsafeRawPointer(bitPattern: address) else { return nil }
        return (address + AnyBox.valueOffset(of: Value.self)).assumingMemoryBound(to: Value.self).pointee
    }

    /// Where `box`'s value starts, as ``createdValue(for:)`` answers (0 for no box): right after the object's
    /// header, for a value aligned to at most the header's size; ``AnyBox/valueOffset(of:)`` adds what an
    /// over-aligned one needs.
    @inlinable @inline(__always)
    static func valueAddress(in box: Unmanaged<AnyBox>?) -> UInt {
        guard let box else { return 0 }
        return UInt(bitPattern: box._withUnsafeGuaranteedRef { _getUnsafePointerToStoredProperties($0) })
    }

    /// Sets `key`, whose type is `keyType`, to `value`, which ``InlineValue`` keeps in the node if it is the first
    /// override here.
    ///
    /// NB: inlined into the caller (a `DependencyValues` property's setter), where the value's type is known: the
    /// first override is a few stores and a copy of the value.
    @inlinable @inline(__always)
    func set<Value: Sendable>(
        inline value: consuming Value, for keyType: any DependencyKey.Type, key: ObjectIdentifier
    ) {
        if let firstKeyType {
            guard ObjectIdentifier(firstKeyType) == key else {
                setAfterFirst(Box(consume value), for: keyType, key: key)
                return
            }
            clearFirst()
        }
        firstKeyType = keyType
        firstValueType = Value.self
        firstValueDestruction = .of(Value.self)
        initializeFirstInline(consume value)
    }

    /// Initializes the inline words with `value`.
    @inlinable @inline(__always)
    func initializeFirstInline<Value>(_ value: consuming Value) {
        InlineValue.address(in: .passUnretained(self)).bindMemory(to: Value.self, capacity: 1)
            .initialize(to: consume value)
    }

    /// Destroys the value in the inline words, of type `type`, as `destruction` says.
    @inline(__always)
    func destroyFirstInline(of type: any Sendable.Type, as destruction: InlineValue.Destruction) {
        let address = InlineValue.address(in: .passUnretained(self))
        switch destruction {
        case .none: return
        case .release: Unmanaged<AnyObject>.fromOpaque(address.load(as: UnsafeRawPointer.self)).release()
        case .generic: Self.destroy(type, at: address)
        }
    }

    private static func destroy<Value>(_: Value.Type, at address: UnsafeMutableRawPointer) {
        address.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
    }

    /// A box holding a copy of the value in the inline words, of type `type`, for the slow paths that pass
    /// overrides around as boxes (maps of inherited overrides, descriptions, `prepareDependencies`).
    ///
    /// NB: a copy, not the node: a box that is the node would make the node's own map of overrides, or a
    /// snapshot's inherited one, hold the node itself.
    func boxFirstInline(of type: any Sendable.Type) -> AnyBox {
        func box<Value: Sendable>(_: Value.Type, at address: UnsafeRawPointer) -> AnyBox {
            Box(address.assumingMemoryBound(to: Value.self).pointee)
        }
        return box(type, at: InlineValue.address(in: .passUnretained(self)))
    }
}

/// A type-erased, immutable holder of one dependency value.
///
/// The read path knows the value's type from the key, so it unboxes with `unsafeDowncast` instead of a dynamic cast.
@usableFromInline
class AnyBox: @unchecked Sendable {
    // Safe: the base class has no state, and its only subclass, `Box`, holds one immutable `Sendable` value.

    /// The boxed value, described for ``DependencyValues/description``.
    var valueDescription: String { "" }

    /// The boxed value if it is an instance of a class, whatever the key's type says.
    var object: AnyObject? { nil }

    /// Boxes again an ``object`` of a box of this type, once that box is gone.
    var rebox: @Sendable (AnyObject) -> AnyBox { { _ in AnyBox() } }

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

    override var object: AnyObject? {
        // NB: `value as Any` opens an existential `Value`, so that a class instance behind a protocol is found too.
        type(of: value as Any) is AnyClass ? value as AnyObject : nil
    }

    // NB: the object came from a box of this type, so the cast cannot fail.
    override var rebox: @Sendable (AnyObject) -> AnyBox { { Box($0 as! Value) } }
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

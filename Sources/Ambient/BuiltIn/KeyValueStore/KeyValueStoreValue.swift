public import Foundation

/// A type that a ``KeyValueStore`` can keep: a property-list value, or something that converts to one.
///
/// `Bool`, `Int`, `Double`, `Float`, `String`, `Data` and `Date` conform, and so does an optional of a conforming
/// type (storing `nil` removes the key). An enumeration whose raw value conforms only has to declare the
/// conformance:
///
/// ```swift
/// enum Theme: String, KeyValueStoreValue {
///     case light, dark, system
/// }
/// store.set(Theme.dark, forKey: "theme")
/// ```
public protocol KeyValueStoreValue: Sendable, Equatable {
    /// Reads the value from what a store holds; `nil` when `object` is not a value of this type.
    ///
    /// - Parameter object: The property-list object the store holds.
    init?(keyValueStoreObject object: Any)

    /// The property-list object (`Bool`, a number, `String`, `Data`, `Date`) that a store holds for this value, or
    /// `nil` for a value that is stored by removing the key (an optional's `nil`).
    var keyValueStoreObject: (any Sendable)? { get }
}

extension KeyValueStoreValue where Self: RawRepresentable, RawValue: KeyValueStoreValue {
    /// Reads the raw value, then makes the value from it.
    public init?(keyValueStoreObject object: Any) {
        guard let rawValue = RawValue(keyValueStoreObject: object) else { return nil }
        self.init(rawValue: rawValue)
    }

    /// The raw value's object.
    public var keyValueStoreObject: (any Sendable)? { rawValue.keyValueStoreObject }
}

/// A value that a store holds as itself; public only so that the standard types can conform.
@_documentation(visibility: private)
public protocol _KeyValueStorePlainValue: KeyValueStoreValue {}

extension _KeyValueStorePlainValue {
    /// Casts the object to this type.
    public init?(keyValueStoreObject object: Any) {
        guard let value = object as? Self else { return nil }
        self = value
    }

    /// The value itself.
    public var keyValueStoreObject: (any Sendable)? { self }
}

extension Optional: KeyValueStoreValue where Wrapped: KeyValueStoreValue {
    /// Reads the wrapped value: a store that holds an object for the key holds `some`.
    public init?(keyValueStoreObject object: Any) {
        guard let wrapped = Wrapped(keyValueStoreObject: object) else { return nil }
        self = .some(wrapped)
    }

    /// The wrapped value's object, or `nil`, which removes the key.
    public var keyValueStoreObject: (any Sendable)? { self?.keyValueStoreObject }
}

extension Bool: _KeyValueStorePlainValue {}
extension Int: _KeyValueStorePlainValue {}
extension Double: _KeyValueStorePlainValue {}
extension Float: _KeyValueStorePlainValue {}
extension String: _KeyValueStorePlainValue {}
extension Data: _KeyValueStorePlainValue {}
extension Date: _KeyValueStorePlainValue {}

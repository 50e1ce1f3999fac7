/// A `@Dependency` property of a ``DependencyOwner`` subclass: it keeps only its key and reads through the owner's
/// values.
///
/// You never name this type: inside a subclass of ``DependencyOwner``, `@Dependency` refers to it. It reads exactly
/// what a ``Dependency`` created with the owner would read, and reports about its reads point at its declaration.
///
/// ```swift
/// final class SearchModel: DependencyOwner {
///     @Dependency(\.api) private var api       // an OwnedDependency
/// }
/// ```
@propertyWrapper
public struct OwnedDependency<Value: Sendable>: Sendable, OwnedDependencyRead {
    /// The property's key path; `nil` for a type key, which `identity` names.
    ///
    /// NB: not an enum of a key path and a key type: a wrapper with one optional reference is destroyed with one
    /// release, with no outlined switch over the cases, and every object with ten properties destroys ten.
    @usableFromInline let keyPath: (any KeyPath<DependencyValues, Value> & Sendable)?
    /// The key path's identity (the cache key of its resolved value), or the type key's metadata.
    @usableFromInline let identity: ObjectIdentifier
    /// Whether `identity` is a key path's.
    ///
    /// NB: the same as `keyPath != nil`, kept as a plain word so that a class's read can load it without loading
    /// (and so retaining) the key path.
    @usableFromInline let isKeyPath: Bool
    /// Where the property is declared: reports about its reads point there.
    @usableFromInline let site: DeclarationSite

    /// A dependency read through a ``DependencyValues`` property.
    ///
    /// - Parameters:
    ///   - keyPath: The property, such as `\.api`.
    ///   - fileID: The file of the declaration; reports about this property's reads point there. Leave the default.
    ///   - filePath: The full path of that file. Leave the default.
    ///   - line: The line of the declaration. Leave the default.
    ///   - column: The column of the declaration. Leave the default.
    @inlinable
    public init(
        _ keyPath: any KeyPath<DependencyValues, Value> & Sendable,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.keyPath = keyPath
        identity = ObjectIdentifier(keyPath)
        isKeyPath = true
        site = DeclarationSite(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// A dependency read through its key: a type key, whose value is the type itself, or any ``DependencyKey``
    /// the declaration can name.
    ///
    /// Declared with its key, the property evaluates no key path, so an object with many is built for less;
    /// each read looks the value up in the scope, through one call, where a key path's cached value is probed
    /// inline (<doc:Performance>).
    ///
    /// - Parameters:
    ///   - key: The key type, such as `Clock.self` or `APIKey.self`.
    ///   - fileID: The file of the declaration; reports about this property's reads point there. Leave the default.
    ///   - filePath: The full path of that file. Leave the default.
    ///   - line: The line of the declaration. Leave the default.
    ///   - column: The column of the declaration. Leave the default.
    @inlinable
    public init<Key: DependencyKey>(
        _ key: Key.Type,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) where Key.Value == Value {
        keyPath = nil
        identity = ObjectIdentifier(key)
        isKeyPath = false
        site = DeclarationSite(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Not available: the property reads through its owner, so only a ``DependencyOwner`` can hold it.
    @available(*, unavailable, message: "read by its DependencyOwner; in a nested type, write @Ambient.Dependency")
    public var wrappedValue: Value { fatalError("OwnedDependency is only read through its DependencyOwner") }

    /// The dependency's value in the owner's values. You never call this subscript yourself; Swift calls it for a
    /// `@Dependency` property of a ``DependencyOwner`` subclass.
    @inlinable @inline(__always)
    public static subscript<Owner: DependencyOwner>(
        _enclosingInstance owner: Owner,
        wrapped wrapped: KeyPath<Owner, Value>,
        storage storage: ReferenceWritableKeyPath<Owner, OwnedDependency>
    ) -> Value {
        // NB: field by field, as `Dependency`'s class read: only plain words are loaded, nothing is retained.
        let created = createdValue(
            in: Unmanaged.passUnretained(owner.dependencies.storage),
            identity: owner[keyPath: storage].identity,
            isKeyPath: owner[keyPath: storage].isKeyPath)
        return created ?? owner[keyPath: storage].resolveOutOfLine(in: owner.dependencies)
    }

    /// ``resolve(in:)``, specialized in the caller's module but never inlined, so that a getter's long path is one
    /// call and the getter stays small enough to be inlined into the caller's loop.
    @inlinable @inline(never)
    func resolveOutOfLine(in values: DependencyValues) -> Value {
        resolve(in: values)
    }
}

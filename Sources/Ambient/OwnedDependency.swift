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
public struct OwnedDependency<Value: Sendable>: Sendable {
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

    /// While a default is being created from `values`, names the key without reading it, so that the default is
    /// rebuilt for a scope that overrides it (<doc:Semantics#Lazy-is-lazy>).
    @usableFromInline
    func nameDuringCreation(in values: DependencyValues) {
        guard let recorder = values.storage.recorder else { return }
        if let keyPath {
            recorder.name(keyPath: keyPath)
        } else {
            recorder.name(typeKey)
        }
    }

    /// The value already created for the key, read from its box without retaining the box; `nil` sends the read
    /// the long way.
    ///
    /// `storage` is not retained either: the caller's wrapper (or owner) holds it.
    @inlinable @inline(__always)
    static func createdValue(
        in storage: Unmanaged<ScopeNode>, identity: ObjectIdentifier, isKeyPath: Bool
    ) -> Value? {
        let address =
            isKeyPath
            ? ScopeNode.cachedValueAddress(in: storage, forKeyPath: identity)
            : storage._withUnsafeGuaranteedRef { $0.createdValue(for: identity) }
        return ScopeNode.value(at: address, as: Value.self)
    }

    /// Reads the dependency the long way (first read in these values, or a getter that cannot be cached).
    ///
    /// In the testing and preview contexts the read carries what a report about it, or an explanation of the value
    /// it creates, needs (``ReadContext``).
    @usableFromInline
    func resolve(in values: DependencyValues) -> Value {
        guard values.context != .default else { return read(in: values) }
        var context = ReadContext(site: site, ambient: DependencyValues.current)
        if let keyPath {
            context.keyPath = keyPath
        } else {
            context.typeKey = typeKey
        }
        return ReadContext.$current.withValue(context) { read(in: values) }
    }

    private func read(in values: DependencyValues) -> Value {
        if let keyPath { return values.resolve(keyPath) }
        return values.value(ofTypeKey: typeKey, as: Value.self)
    }

    /// The type key that `identity` names (for a property made with a type key).
    private var typeKey: any DependencyKey.Type {
        // NB: `identity` is the key's metadata (`ObjectIdentifier(key)`), which is what an `Any.Type` holds; the
        // conformance is found again at run time, on the long path only, rather than kept in every wrapper.
        unsafeBitCast(identity, to: Any.Type.self) as! any DependencyKey.Type
    }
}

extension OwnedDependency: OwnedDependencyRead {}

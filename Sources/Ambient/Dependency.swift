/// Reads a dependency in any type: a view model, a service, a command-line tool.
///
/// The property takes the values of the scope in which its owner was created and keeps them for the owner's whole
/// life, whichever scope later calls it. Reading it returns the dependency's value in those values: the innermost
/// override, else the key's value for the context, created once and cached.
///
/// ```swift
/// final class ReportBuilder {
///     @Dependency(\.api) private var api
///     @Dependency(Clock.self) private var clock   // a type key
///
///     func build() async throws -> Report { try await Report(items: api.items(), date: clock.now()) }
/// }
///
/// let builder = withDependencies { $0.api = StubAPI() } operation: { ReportBuilder() }
/// // builder.api is StubAPI, here and wherever builder goes.
/// ```
///
/// Creating the property costs one task-local read; the value itself is only created on first read. An object with
/// many properties that is built often can subclass ``DependencyOwner``, which reads the scope once for all of them.
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
    @usableFromInline let values: DependencyValues
    /// The property's key and declaration: what a ``DependencyOwner``'s property keeps, read here through `values`.
    @usableFromInline let property: OwnedDependency<Value>
    #if canImport(SwiftUI)
        /// The values at the view's position, once SwiftUI installed this property in a view (see
        /// `Dependency+View.swift`); `nil` in any other owner, which reads `values`.
        @usableFromInline var view = ViewDependencies()
    #endif

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
        // NB: inlinable, so that an owner's ten properties are ten specialized stores and not ten generic calls; the key
        // path is consumed, or it would be retained for the property and released after it.
        self.init(
            property: OwnedDependency(consume keyPath, fileID: fileID, filePath: filePath, line: line, column: column))
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
        self.init(property: OwnedDependency(key, fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// A property that reads `property`'s key in the current values.
    ///
    /// While a default is being created from those values, it names the key without reading it, so that the default
    /// is rebuilt for a scope that overrides it (<doc:Semantics#Lazy-is-lazy>).
    @inlinable
    init(property: OwnedDependency<Value>) {
        values = DependencyValues.current
        self.property = property
        if values.storage.recorder != nil { nameDuringCreation() }
    }

    /// ``OwnedDependency/nameDuringCreation(in:)`` with these values.
    ///
    /// NB: a call on the whole wrapper, as built, so that the inlined initializer stores its fields once and copies
    /// nothing for this rare path.
    @usableFromInline
    func nameDuringCreation() {
        property.nameDuringCreation(in: values)
    }

    /// The dependency's value in the values the owner was created with.
    @inlinable
    public var wrappedValue: Value {
        #if canImport(SwiftUI)
            let values = view.values ?? self.values
        #endif
        if let created = OwnedDependency<Value>.createdValue(
            in: Unmanaged.passUnretained(values.storage), identity: property.identity, isKeyPath: property.isKeyPath)
        {
            return created
        }
        return property.resolve(in: values)
    }

    /// The dependency's value, read by a class that owns the property.
    ///
    /// A class's property is read in place: only the wrapper's plain fields are loaded, so a read retains nothing of
    /// Ambient's, and threads reading through one owner do not contend on a reference count. Once the value is
    /// cached for its key path, a read is a few loads and no call (``ScopeNode/cachedValueAddress(in:forKeyPath:)``).
    /// You never call this subscript yourself; Swift calls it for a `@Dependency` property of a class.
    @inlinable @inline(__always)
    public static subscript<Owner: AnyObject>(
        _enclosingInstance owner: Owner,
        wrapped wrapped: KeyPath<Owner, Value>,
        storage storage: ReferenceWritableKeyPath<Owner, Dependency>
    ) -> Value {
        // NB: field by field, so that only plain words are loaded: a whole wrapper would be copied out (retained).
        let created = OwnedDependency<Value>.createdValue(
            in: Unmanaged.passUnretained(owner[keyPath: storage].values.storage),
            identity: owner[keyPath: storage].property.identity,
            isKeyPath: owner[keyPath: storage].property.isKeyPath)
        return created ?? owner[keyPath: storage].wrappedValue
    }
}

// The read that both wrappers make with the key an `OwnedDependency` keeps: beside `Dependency`'s own, so that a read
// through `@Dependency` is followed in one file.
extension OwnedDependency {
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
        context.keyPath = keyPath
        if keyPath == nil { context.typeKey = typeKey }
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

// The initializers of `Dependency` and `OwnedDependency` beside the ones in their own files: for an interface key
// (a `TestDependencyKey` whose live value another module may give), and for a property isolated to the main actor.

extension Dependency {
    /// A dependency read through an interface key: a ``TestDependencyKey`` whose live value another module may give.
    ///
    /// The property reads what `DependencyValues`' subscript reads for the key: the live value where a module linked
    /// into the process conforms the key to ``DependencyKey`` (found at run time, when the property is created), else
    /// the key's testing value in the app, with a report that names what to link.
    ///
    /// ```swift
    /// final class PlaceModel {
    ///     @Dependency(GeocoderClient.self) private var geocoder   // GeocoderClient: TestDependencyKey
    /// }
    /// ```
    ///
    /// Where the declaration can see the key's conformance to ``DependencyKey``, Swift chooses the other initializer,
    /// which reads the same value.
    ///
    /// - Parameters:
    ///   - key: The interface key, such as `GeocoderClient.self`.
    ///   - fileID: The file of the declaration; reports about this property's reads point there. Leave the default.
    ///   - filePath: The full path of that file. Leave the default.
    ///   - line: The line of the declaration. Leave the default.
    ///   - column: The column of the declaration. Leave the default.
    public init<Key: TestDependencyKey>(
        _ key: Key.Type,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) where Key.Value == Value {
        self.init(property: OwnedDependency(key, fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// A dependency read through a ``DependencyValues`` property that is isolated to the main actor.
    ///
    /// In a module whose default isolation is `MainActor` — an Xcode 26 app target — an
    /// `extension DependencyValues` is isolated to the main actor, and so is every property declared in it, unless
    /// the extension is marked `nonisolated`. A key path to such a property is not `Sendable`, and Swift chooses this
    /// initializer for it: the property can be declared in any type isolated to the main actor, as it always was.
    ///
    /// ```swift
    /// extension DependencyValues {   // in an app target: isolated to the main actor
    ///     var myDependency: String {
    ///         get { self[MyDependencyKey.self] }
    ///         set { self[MyDependencyKey.self] = newValue }
    ///     }
    /// }
    ///
    /// final class Model {            // isolated to the main actor too
    ///     @Dependency(\.myDependency) var myDependency
    /// }
    /// ```
    ///
    /// The property is read on the main actor, where its owner is. A wrapper copied out of its owner and read on
    /// another thread gets the value a read on the main actor already cached in the same values, and otherwise stops
    /// with a message that says so, rather than run the property's getter off the main actor. A type that is not
    /// isolated to the main actor cannot name such a property (`main actor-isolated default value in a nonisolated
    /// context`): declare the extension `nonisolated extension DependencyValues` instead, which lets any type, task
    /// or test read and override it.
    ///
    /// In the Swift 5 language mode this initializer does not exist: no key path literal is inferred `Sendable` there,
    /// so Swift would choose it for every `@Dependency(\.key)`, and no type off the main actor could declare one. The
    /// other initializer takes every key path, as the original package's did, and the language mode's checks are
    /// warnings.
    ///
    /// - Parameters:
    ///   - keyPath: The property, such as `\.myDependency`.
    ///   - fileID: The file of the declaration; reports about this property's reads point there. Leave the default.
    ///   - filePath: The full path of that file. Leave the default.
    ///   - line: The line of the declaration. Leave the default.
    ///   - column: The column of the declaration. Leave the default.
    @available(swift, introduced: 6.0)
    @MainActor
    public init(
        _ keyPath: KeyPath<DependencyValues, Value>,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.init(
            MainActorProperty.sendableKeyPath(for: keyPath), fileID: fileID, filePath: filePath, line: line,
            column: column)
    }
}

extension OwnedDependency {
    /// A dependency read through an interface key, in a ``DependencyOwner`` subclass, read as ``Dependency`` reads
    /// one.
    ///
    /// ```swift
    /// final class PlaceModel: DependencyOwner {
    ///     @Dependency(GeocoderClient.self) private var geocoder   // GeocoderClient: TestDependencyKey
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The interface key, such as `GeocoderClient.self`.
    ///   - fileID: The file of the declaration; reports about this property's reads point there. Leave the default.
    ///   - filePath: The full path of that file. Leave the default.
    ///   - line: The line of the declaration. Leave the default.
    ///   - column: The column of the declaration. Leave the default.
    public init<Key: TestDependencyKey>(
        _ key: Key.Type,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) where Key.Value == Value {
        keyPath = nil
        identity = ObjectIdentifier(InterfaceKey<Key>.storageKey)
        isKeyPath = false
        site = DeclarationSite(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// A dependency read through a ``DependencyValues`` property that is isolated to the main actor, in a
    /// ``DependencyOwner`` subclass isolated to the main actor, read as ``Dependency`` reads such a property.
    ///
    /// ```swift
    /// final class SearchModel: DependencyOwner {   // in an app target: isolated to the main actor
    ///     @Dependency(\.myDependency) var myDependency
    /// }
    /// ```
    ///
    /// Like ``Dependency``'s, this initializer exists in the Swift 6 language mode only.
    ///
    /// - Parameters:
    ///   - keyPath: The property, such as `\.myDependency`.
    ///   - fileID: The file of the declaration; reports about this property's reads point there. Leave the default.
    ///   - filePath: The full path of that file. Leave the default.
    ///   - line: The line of the declaration. Leave the default.
    ///   - column: The column of the declaration. Leave the default.
    @available(swift, introduced: 6.0)
    @MainActor
    public init(
        _ keyPath: KeyPath<DependencyValues, Value>,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.init(
            MainActorProperty.sendableKeyPath(for: keyPath), fileID: fileID, filePath: filePath, line: line,
            column: column)
    }
}

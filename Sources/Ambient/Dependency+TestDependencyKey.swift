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
}

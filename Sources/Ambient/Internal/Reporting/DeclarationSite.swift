/// Where a `@Dependency` property is declared, kept in three words so that every wrapper can afford it.
///
/// Reports about a read through the property (a key without a testing value) point at this line, which is where
/// the fix goes; reporters see it too (`AmbientTesting` records issues there). `#fileID` and `#filePath` are string
/// literals, so the pointers to their UTF-8 bytes stay valid for the life of the process.
@usableFromInline
package struct DeclarationSite: @unchecked Sendable, CustomStringConvertible {
    // Safe: the pointers address string literals (`StaticString`s with a pointer representation), which are
    // immutable and never freed.

    // NB: 24 bytes, a third of a `@Dependency`: the literals are null-terminated (`StaticString.utf8Start`), so their
    // lengths are found when a report needs them instead of being stored in every property.
    @usableFromInline let fileIDStart: UnsafePointer<UInt8>
    @usableFromInline let filePathStart: UnsafePointer<UInt8>
    @usableFromInline let position: (line: UInt32, column: UInt32)

    @inlinable
    init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        precondition(fileID.hasPointerRepresentation && filePath.hasPointerRepresentation)
        fileIDStart = fileID.utf8Start
        filePathStart = filePath.utf8Start
        position = (UInt32(truncatingIfNeeded: line), UInt32(truncatingIfNeeded: column))
    }

    /// The file, as `#fileID` gives it: `Module/File.swift`.
    package var fileID: String { String(cString: fileIDStart) }
    /// The file's full path, as `#filePath` gives it.
    package var filePath: String { String(cString: filePathStart) }
    /// The line.
    package var line: Int { Int(position.line) }
    /// The column.
    package var column: Int { Int(position.column) }

    /// `Module/File.swift:12`.
    @usableFromInline package var description: String { "\(fileID):\(line)" }
}

/// The name under which reporters outside the core (`AmbientTesting`) know a ``DeclarationSite``.
package typealias _DeclarationSite = DeclarationSite

/// Where a `@Dependency` property is declared, kept in three words so that every wrapper can afford it.
///
/// Reports about a read through the property (a key without a testing value) point at this line, which is where
/// the fix goes. `#fileID` and `#filePath` are string literals, so the pointers to their UTF-8 bytes stay valid for
/// the life of the process.
@usableFromInline
struct DeclarationSite: @unchecked Sendable {
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

    /// The site as reporters see it.
    var reported: _DeclarationSite {
        _DeclarationSite(
            fileID: String(cString: fileIDStart),
            filePath: String(cString: filePathStart),
            line: Int(position.line),
            column: Int(position.column)
        )
    }
}

/// Where the `@Dependency` property that made a read is declared, for reporters (`AmbientTesting` records issues
/// there).
package struct _DeclarationSite: Sendable, Equatable, CustomStringConvertible {
    /// The file, as `#fileID` gives it: `Module/File.swift`.
    package var fileID: String
    /// The file's full path, as `#filePath` gives it.
    package var filePath: String
    /// The line.
    package var line: Int
    /// The column.
    package var column: Int

    /// `Module/File.swift:12`.
    package var description: String { "\(fileID):\(line)" }
}

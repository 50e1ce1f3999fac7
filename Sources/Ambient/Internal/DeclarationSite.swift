/// Where a `@Dependency` property is declared, kept in four words so that every wrapper can afford it.
///
/// Reports about a read through the property (a key without a testing value) point at this line, which is where
/// the fix goes. `#fileID` and `#filePath` are string literals, so the pointers to their UTF-8 bytes stay valid for
/// the life of the process.
@usableFromInline
struct DeclarationSite: @unchecked Sendable {
    // Safe: the pointers address string literals (`StaticString`s with a pointer representation), which are
    // immutable and never freed.
    private let fileIDStart: UnsafePointer<UInt8>
    private let filePathStart: UnsafePointer<UInt8>
    private let counts: (fileID: UInt32, filePath: UInt32)
    private let position: (line: UInt32, column: UInt32)

    @usableFromInline
    init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        precondition(fileID.hasPointerRepresentation && filePath.hasPointerRepresentation)
        fileIDStart = fileID.utf8Start
        filePathStart = filePath.utf8Start
        counts = (
            UInt32(truncatingIfNeeded: fileID.utf8CodeUnitCount), UInt32(truncatingIfNeeded: filePath.utf8CodeUnitCount)
        )
        position = (UInt32(truncatingIfNeeded: line), UInt32(truncatingIfNeeded: column))
    }

    /// The site as reporters see it.
    var reported: _DeclarationSite {
        _DeclarationSite(
            fileID: String(decoding: UnsafeBufferPointer(start: fileIDStart, count: Int(counts.fileID)), as: UTF8.self),
            filePath: String(
                decoding: UnsafeBufferPointer(start: filePathStart, count: Int(counts.filePath)), as: UTF8.self),
            line: Int(position.line),
            column: Int(position.column)
        )
    }
}

/// Where the `@Dependency` property that made a read is declared, for reporters (`AmbientTesting` records issues
/// there).
@_documentation(visibility: private)
public struct _DeclarationSite: Sendable, Equatable, CustomStringConvertible {
    /// The file, as `#fileID` gives it: `Module/File.swift`.
    public var fileID: String
    /// The file's full path, as `#filePath` gives it.
    public var filePath: String
    /// The line.
    public var line: Int
    /// The column.
    public var column: Int

    /// `Module/File.swift:12`.
    public var description: String { "\(fileID):\(line)" }
}

/// Where an override was set (a `withDependencies` call), kept in two words so that entering a scope can afford it.
///
/// Only the literal's pointer and the line are stored; the text is decoded when a provenance is described, never
/// while a scope is entered. The literal is null-terminated (`StaticString.utf8Start`), as for ``DeclarationSite``.
struct CallSite: @unchecked Sendable, Equatable {
    // Safe: the pointer addresses a string literal (a `StaticString` with a pointer representation, which `#fileID`
    // always has), immutable and never freed.
    private let fileIDStart: UnsafePointer<UInt8>
    private let lineNumber: UInt32

    /// The site, or `nil` for a `fileID` that is not stored as UTF-8 bytes (a one-scalar literal passed by hand).
    @inline(__always)
    init?(fileID: StaticString, line: UInt) {
        guard fileID.hasPointerRepresentation else { return nil }
        fileIDStart = fileID.utf8Start
        lineNumber = UInt32(truncatingIfNeeded: line)
    }

    /// The site as provenance and the trace show it: `Module/File.swift:12`.
    var location: DependencyProvenance.Location {
        DependencyProvenance.Location(fileID: String(cString: fileIDStart), line: Int(lineNumber))
    }
}

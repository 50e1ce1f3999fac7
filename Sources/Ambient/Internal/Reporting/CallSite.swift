/// Where an override was set (a `withDependencies` call), kept in two words so that entering a scope can afford it.
///
/// Only the literal's pointer and the line are stored; the text is decoded when a provenance is described, never
/// while a scope is entered.
struct CallSite: @unchecked Sendable, Equatable {
    // Safe: the pointer addresses a string literal (a `StaticString` with a pointer representation, which `#fileID`
    // always has), immutable and never freed.
    private let fileIDStart: UnsafePointer<UInt8>
    private let fileIDCount: UInt32
    private let lineNumber: UInt32

    /// The site, or `nil` for a `fileID` that is not stored as UTF-8 bytes (a one-scalar literal passed by hand).
    @inline(__always)
    init?(fileID: StaticString, line: UInt) {
        guard fileID.hasPointerRepresentation else { return nil }
        fileIDStart = fileID.utf8Start
        fileIDCount = UInt32(truncatingIfNeeded: fileID.utf8CodeUnitCount)
        lineNumber = UInt32(truncatingIfNeeded: line)
    }

    /// The file, as `#fileID` gives it: `Module/File.swift`.
    var fileID: String {
        String(decoding: UnsafeBufferPointer(start: fileIDStart, count: Int(fileIDCount)), as: UTF8.self)
    }

    /// The line.
    var line: Int { Int(lineNumber) }
}

// A stand-in for the part of Apple's XCTest that AmbientTesting's Apple branch uses, signature for signature as
// Apple documents it (looked up in Apple's documentation, not recalled):
// - `struct XCTIssue` — `init(type: XCTIssue.IssueType, compactDescription: String, detailedDescription: String? =
//   nil, sourceCodeContext: XCTSourceCodeContext = .init(), associatedError: (any Error)? = nil, attachments:
//   [XCTAttachment] = [], severity: XCTIssue.Severity = .error)`; `IssueType.assertionFailure`.
// - `class XCTSourceCodeContext` — `convenience init()`, `convenience init(location: XCTSourceCodeLocation?)`.
// - `class XCTSourceCodeLocation` — `convenience init(filePath: String, lineNumber: Int)` and the Swift overlay's
//   `convenience init(filePath: StaticString = #filePath, lineNumber: UInt = #line)`.
// - `XCTestCase.record(_ issue: XCTIssue)`, which Swift test cases override and call; `XCTFail(_:file:line:)`.
// Nothing here is ever run.

open class XCTAttachment {}

public struct XCTIssue {
    public struct IssueType: Equatable, Sendable {
        public static let assertionFailure = IssueType()
    }

    public struct Severity: Equatable, Sendable {
        public static let error = Severity()
    }

    public init(
        type: XCTIssue.IssueType, compactDescription: String, detailedDescription: String? = nil,
        sourceCodeContext: XCTSourceCodeContext = .init(), associatedError: (any Error)? = nil,
        attachments: [XCTAttachment] = [], severity: XCTIssue.Severity = .error
    ) {}
}

open class XCTSourceCodeLocation {
    public init(filePath: String, lineNumber: Int) {}
    public convenience init(filePath: StaticString = #filePath, lineNumber: UInt = #line) {
        self.init(filePath: "\(filePath)", lineNumber: Int(lineNumber))
    }
}

open class XCTSourceCodeContext {
    public init(location: XCTSourceCodeLocation?) {}
    public convenience init() { self.init(location: nil) }
}

open class XCTestCase {
    open func record(_ issue: XCTIssue) {}
}

public func XCTFail(_ message: String = "", file: StaticString = #filePath, line: UInt = #line) {}

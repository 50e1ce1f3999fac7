import Ambient
import XCTest

/// Records a failure of the running XCTest test at the line of user code it is about, not inside AmbientTesting.
///
/// With the declaration site of the `@Dependency` that made the read, the failure points there. Without one, it is
/// attributed to the running test itself.
enum XCTestFailure {
    static func record(_ message: String, at site: _DeclarationSite?) {
        guard let testCase = XCTestRootObserver.running else {
            XCTFail(message)
            return
        }
        #if canImport(ObjectiveC)
            // Apple's XCTest: `XCTIssue(type:compactDescription:detailedDescription:sourceCodeContext:...)`,
            // `XCTSourceCodeContext(location:)`, `XCTSourceCodeLocation(filePath:lineNumber:)` and
            // `XCTestCase.record(_:)`, looked up in Apple's documentation; an issue with no location is shown at the
            // test.
            let location = site.map { XCTSourceCodeLocation(filePath: $0.filePath, lineNumber: $0.line) }
            testCase.record(
                XCTIssue(
                    type: .assertionFailure, compactDescription: message,
                    sourceCodeContext: XCTSourceCodeContext(location: location)))
        #else
            // swift-corelibs-xctest has no `XCTIssue`; it records failures at a file and line.
            testCase.recordFailure(
                withDescription: message, inFile: site?.filePath ?? testCase.name, atLine: site?.line ?? 0,
                expected: true)
        #endif
    }
}

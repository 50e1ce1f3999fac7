import Ambient
import XCTest

#if !canImport(ObjectiveC) && canImport(Runtime)
    import Runtime
#endif

/// Where a test's code is, for a failure that nothing else locates: the `withTestDependencies` call that made the
/// test's values, or the line of the test method that led to the failure.
struct TestLocation: Sendable {
    /// The file, as `#fileID` gives it, or its path.
    var fileID: String
    /// The line.
    var line: Int

    init(fileID: StaticString, line: UInt) {
        self.fileID = "\(fileID)"
        self.line = Int(line)
    }

    init(path: String, line: Int) {
        fileID = path
        self.line = line
    }
}

/// Records a failure of the running XCTest test at the line of user code it is about, not inside AmbientTesting.
///
/// With the declaration site of the `@Dependency` that made the read, the failure points there. Without one, it is
/// attributed to the running test itself: on Darwin, XCTest shows an issue with no location at the test; on Linux,
/// XCTest knows no test's line, so the failure is filed at `test`, the `withTestDependencies` call that made the
/// values, or else at the line of the test method that led to it (``lineInTheTest(named:)``), and under the test's
/// name at line 0 only when Ambient knows no line at all.
enum XCTestFailure {
    static func record(_ message: String, at site: _DeclarationSite?, test: TestLocation? = nil) {
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
                withDescription: message, inFile: site?.filePath ?? test?.fileID ?? testCase.name,
                atLine: site?.line ?? test?.line ?? 0, expected: true)
        #endif
    }

    /// Where the code running here was called from in the XCTest method `testName` (`Class.method`): the line of
    /// the innermost frame of that method, or of a closure written in it (one that a Dispatch queue runs, say), with
    /// its source location. Only on Linux, where XCTest knows no test's line: it reads the debug information of the
    /// test binary, so it is asked for only to file a failure that nothing else locates.
    static func lineInTheTest(named testName: String) -> TestLocation? {
        #if !canImport(ObjectiveC) && canImport(Runtime)
            let method = testName + "("
            guard let frames = try? Backtrace.capture(limit: 256).symbolicated()?.frames else { return nil }
            for frame in frames {
                guard let symbol = frame.symbol, symbol.name.contains(method),
                    let source = symbol.sourceLocation, source.line > 0
                else { continue }
                return TestLocation(path: source.path, line: source.line)
            }
        #endif
        return nil
    }
}

import Ambient
import Testing
import XCTest

/// Turns Ambient's reports into failures of the running test: a Swift Testing issue, or an XCTest failure.
struct TestIssueReporter: _DependencyIssueReporter {
    func report(_ kind: _DependencyIssueKind, _ message: String) {
        if let test = Test.current {
            Issue.record(Comment(rawValue: message), sourceLocation: test.sourceLocation)
        } else {
            XCTFail(message)
        }
    }
}

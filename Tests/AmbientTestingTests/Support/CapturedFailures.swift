import Ambient

@testable import AmbientTesting

/// The failures a test root recorded, caught instead of failing the test that checks them.
///
/// `capturingFailures { ... }` runs its body in a test root of its own, exactly as the `.dependencies` trait and
/// `DependencyTestCase` do, except that each failure the root would record for its test is kept here.
final class CapturedFailures: Sendable {
    private let failures = _Locked<[TestIssueReporter.Failure]>([])
    private let lateReports = _Locked<[String]>([])

    /// A reporter for the running test that records into this collection.
    func reporter(testName: String? = nil) -> TestIssueReporter {
        TestIssueReporter(
            testName: testName,
            record: { failure in self.failures.withLock { $0.append(failure) } },
            writeLateReport: { text in self.lateReports.withLock { $0.append(text) } }
        )
    }

    var messages: [String] { failures.withLock { $0.map(\.message) } }
    var sites: [_DeclarationSite?] { failures.withLock { $0.map(\.site) } }
    /// What went to standard error after the test ended.
    var late: [String] { lateReports.withLock { $0 } }
}

/// Runs `body` in a fresh test root whose failures are captured, and returns them.
func capturingFailures(
    strictness: DependencyStrictness? = nil,
    _ update: (inout DependencyValues) -> Void = { _ in },
    _ body: () throws -> Void
) rethrows -> CapturedFailures {
    let captured = CapturedFailures()
    let root = TestRoot(strictness: strictness, reporter: captured.reporter(), update, fileID: #fileID, line: #line)
    try root.run(body)
    return captured
}

/// Runs the asynchronous `body` in a fresh test root whose failures are captured, and returns them.
func capturingFailures(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Void
) async rethrows -> CapturedFailures {
    let captured = CapturedFailures()
    let root = TestRoot(strictness: nil, reporter: captured.reporter(), { _ in }, fileID: #fileID, line: #line)
    try await root.run(body)
    return captured
}

import Ambient

/// The strictness a `withTestDependencies(strictness:)` block asks for inside a test that already has a root: it
/// holds for the block, on its task and the tasks it starts, and ends with the block.
///
/// The block's reports still go to the test's reporter; only which of them fail the test changes. A report the block
/// does not take goes to standard error as a warning, once per key, as in a lenient test. Work that re-enters the
/// test's values on another thread keeps the test's own strictness: leniency belongs to the block, not to the values.
struct BlockStrictness: _DependencyIssueReporter {
    let test: TestIssueReporter
    let strictness: DependencyStrictness

    /// Runs `operation` with `strictness` for its task, or as it is when `strictness` is `nil`.
    static func run<R>(_ strictness: DependencyStrictness?, in test: TestIssueReporter, _ operation: () throws -> R)
        rethrows -> R
    {
        guard let strictness else { return try operation() }
        return try _IssueReporting.$reporter.withValue(
            BlockStrictness(test: test, strictness: strictness), operation: operation)
    }

    /// Runs the asynchronous `operation` with `strictness` for its task, or as it is when `strictness` is `nil`.
    static func run<R>(
        _ strictness: DependencyStrictness?,
        in test: TestIssueReporter,
        isolation: isolated (any Actor)? = #isolation,
        _ operation: () async throws -> R
    ) async rethrows -> R {
        guard let strictness else { return try await operation() }
        return try await _IssueReporting.$reporter.withValue(
            BlockStrictness(test: test, strictness: strictness), operation: operation)
    }

    func handles(_ kind: _DependencyIssueKind) -> Bool {
        switch kind {
        case .missingTestingValue, .unimplemented: strictness == .strict
        case .misuse: true
        }
    }

    func report(_ kind: _DependencyIssueKind, _ message: String) {
        test.report(kind, message, at: nil)
    }

    func report(_ kind: _DependencyIssueKind, _ message: String, at site: _DeclarationSite?) {
        test.report(kind, message, at: site)
    }

    func willCreate(_ key: any DependencyKey.Type) {
        test.willCreate(key)
    }
}

import Ambient

/// Where the roots of the model's programs send what Ambient reports: nowhere. A random program's defaults read
/// keys late, and its keys need not have testing values; the checks compare values, creations and lifetimes, not
/// reports, and a report on standard error would read as a test's.
struct ModelReports: _DependencyIssueReporter {
    static let discarding = ModelReports()

    func report(_ kind: _DependencyIssueKind, _ message: String) {}
    func handles(_ kind: _DependencyIssueKind) -> Bool { true }
    func willCreate(_ key: any DependencyKey.Type) {}
}

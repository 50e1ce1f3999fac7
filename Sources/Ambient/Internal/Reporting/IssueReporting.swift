/// The kind of a problem Ambient reports instead of going on silently.
package enum _DependencyIssueKind: Sendable, Equatable {
    /// A key without a testing value of its own was read in the testing context.
    case missingTestingValue
    /// The API was used in a way that cannot work (a second `prepareDependencies`, a late one).
    case misuse
    /// An endpoint built with `unimplemented(_:)` was called.
    case unimplemented
}

/// Receives Ambient's reports; `AmbientTesting` installs one that records test failures.
package protocol _DependencyIssueReporter: Sendable {
    /// Handles one report.
    func report(_ kind: _DependencyIssueKind, _ message: String)

    /// Handles one report about a read through the `@Dependency` declared at `site`, if known.
    func report(_ kind: _DependencyIssueKind, _ message: String, at site: DeclarationSite?)

    /// Whether this reporter takes reports of `kind`; the ones it leaves go to standard error, once per key, as they
    /// do where no reporter is installed (a lenient test).
    func handles(_ kind: _DependencyIssueKind) -> Bool

    /// Told before a default of `key` is created in the root this reporter belongs to (work a test left behind
    /// reading its values after the test ended is reported this way).
    func willCreate(_ key: any DependencyKey.Type)
}

extension _DependencyIssueReporter {
    /// Handles the report without its site.
    package func report(_ kind: _DependencyIssueKind, _ message: String, at site: DeclarationSite?) {
        report(kind, message)
    }

    /// Takes every report.
    package func handles(_ kind: _DependencyIssueKind) -> Bool { true }

    /// Does nothing.
    package func willCreate(_ key: any DependencyKey.Type) {}
}

/// The hook through which `AmbientTesting` receives Ambient's reports, so the core links no test framework.
package enum _IssueReporting {
    /// The reporter that receives every report made on this task (and its child tasks), if one is installed:
    /// `_IssueReporting.$reporter.withValue(reporter) { ... }`.
    @TaskLocal package static var reporter: (any _DependencyIssueReporter)?
}

/// Where reports go: the reporting task's reporter if one is installed, else the reporter of the root the report
/// is about (a test's, wherever the test's values went), else standard error.
enum IssueReporting {
    /// The tokens of the warnings written to standard error so far, each once per process.
    private static let warnedTokens = ConditionLock<Set<String>>([])

    /// The reporter of the values current here: the task's, else that of the current values' root (a test's own,
    /// also where its values were re-entered on another thread), else `nil`.
    static var reporterForCurrentValues: (any _DependencyIssueReporter)? {
        _IssueReporting.reporter ?? DependencyValues.current.storage.reporter
    }

    /// Reports `message` to the reporter that takes a report of `kind` made here (the task's, else the root's, if it
    /// handles the kind), else to standard error: with a `token`, once per process for that token; always to a
    /// reporter.
    static func report(
        _ kind: _DependencyIssueKind,
        _ message: String,
        once token: String? = nil,
        site: DeclarationSite? = nil,
        to rootReporter: (any _DependencyIssueReporter)?
    ) {
        if let receiver = _IssueReporting.reporter ?? rootReporter, receiver.handles(kind) {
            receiver.report(kind, message, at: site)
        } else if token.map({ token in warnedTokens.withLock { $0.insert(token).inserted } }) ?? true {
            ProcessEnvironment.writeToStandardError(message + "\n")
        }
    }
}

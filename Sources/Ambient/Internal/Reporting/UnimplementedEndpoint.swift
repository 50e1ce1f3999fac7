/// An endpoint made by `unimplemented(_:)`: its name, where it is declared, and whom to tell when it is called.
///
/// The test to fail is found when the endpoint is called, not when it is made: a testing value stored in a
/// `static let` is made once, in the first test that reads it, and called by later tests. So a call reports to the
/// test that is running where it happens — the reporter of the task, else that of the values current there (a
/// test's own, also where they were re-entered on another thread) — and to the reporter of the values the endpoint
/// was made in only when neither has one (a thread that carries no test's values).
struct UnimplementedEndpoint: Sendable {
    let name: String
    private let site: DeclarationSite?
    private let creator: (any _DependencyIssueReporter)?

    init(_ name: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        self.name = name
        // NB: `#fileID` and `#filePath` always have a pointer representation; a one-scalar literal passed by hand
        // does not, and then the failure has no location of its own.
        site =
            fileID.hasPointerRepresentation && filePath.hasPointerRepresentation
            ? DeclarationSite(fileID: fileID, filePath: filePath, line: line, column: column) : nil
        creator = IssueReporting.reporterForCurrentValues
    }

    /// Reports a call, then returns `result`: the body of an endpoint that cannot throw.
    ///
    /// The report is a failure of the test running here, or where no test receives it, a warning that says what is
    /// true in the context the call was made in.
    func reportCall<Result>(returning result: Result) -> Result {
        let receiver = IssueReporting.reporterForCurrentValues ?? creator
        let context = receiver == nil ? DependencyValues.current.context : nil
        let message = Messages.unimplemented(name, calledIn: context)
        IssueReporting.report(.unimplemented, message, site: site, to: receiver)
        return result
    }

    /// Reports a call, then throws ``UnimplementedEndpointError``: the body of a throwing endpoint.
    func fail() throws -> Never {
        throw reportCall(returning: UnimplementedEndpointError(endpoint: name))
    }
}

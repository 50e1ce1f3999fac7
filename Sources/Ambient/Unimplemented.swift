/// The error an unimplemented endpoint throws after reporting the call.
///
/// See `unimplemented(_:)`.
public struct UnimplementedEndpointError: Error, Equatable, CustomStringConvertible {
    /// The endpoint that was called, such as `"APIClient.fetch"`.
    public var endpoint: String

    /// Creates the error for `endpoint`.
    ///
    /// - Parameter endpoint: The endpoint's name.
    public init(endpoint: String) {
        self.endpoint = endpoint
    }

    /// "Unimplemented: APIClient.fetch".
    public var description: String { "Unimplemented: \(endpoint)" }
}

/// An endpoint for a testing value that fails the test that calls it, then throws.
///
/// Clients built as structs of closures give each test a value whose every endpoint is unimplemented, so a test
/// that forgets to override an endpoint it uses fails with the endpoint's name instead of reaching a live service:
///
/// ```swift
/// struct APIClient: Sendable {
///     var fetch: @Sendable (Item.ID) async throws -> Item
///     var delete: @Sendable (Item.ID) async throws -> Void
/// }
///
/// extension APIClient: DependencyKey {
///     static var defaultValue: APIClient { .live }
///     static var testingValue: APIClient {
///         APIClient(fetch: unimplemented("APIClient.fetch"), delete: unimplemented("APIClient.delete"))
///     }
/// }
/// ```
///
/// The report goes through Ambient's issue hook: a failure of the test the endpoint was created in under
/// `AmbientTesting` (on whichever thread it is called), a warning on standard error elsewhere; `Ambient` itself
/// links no test framework.
///
/// - Parameter endpoint: The endpoint's name, as the failure should show it.
/// - Returns: A closure that reports the call and throws ``UnimplementedEndpointError``.
public func unimplemented<each Argument, Result>(
    _ endpoint: String
) -> @Sendable (repeat each Argument) async throws -> Result {
    let reporter = IssueReporting.reporterForCurrentValues
    return { (_: repeat each Argument) in
        IssueReporting.report(.unimplemented, Messages.unimplemented(endpoint), to: reporter)
        throw UnimplementedEndpointError(endpoint: endpoint)
    }
}

/// A synchronous throwing endpoint that fails the test that calls it, then throws.
///
/// ```swift
/// var load: @Sendable (String) throws -> Data = unimplemented("Storage.load")
/// ```
///
/// - Parameter endpoint: The endpoint's name, as the failure should show it.
/// - Returns: A closure that reports the call and throws ``UnimplementedEndpointError``.
public func unimplemented<each Argument, Result>(
    _ endpoint: String
) -> @Sendable (repeat each Argument) throws -> Result {
    let reporter = IssueReporting.reporterForCurrentValues
    return { (_: repeat each Argument) in
        IssueReporting.report(.unimplemented, Messages.unimplemented(endpoint), to: reporter)
        throw UnimplementedEndpointError(endpoint: endpoint)
    }
}

/// An endpoint that cannot throw: it fails the test that calls it, then returns `placeholder`.
///
/// ```swift
/// var count: @Sendable () async -> Int = unimplemented("Store.count", placeholder: 0)
/// var log: @Sendable (String) -> Void = unimplemented("Logger.log", placeholder: ())
/// ```
///
/// - Parameters:
///   - endpoint: The endpoint's name, as the failure should show it.
///   - placeholder: What the endpoint returns after reporting the call.
/// - Returns: A closure that reports the call and returns `placeholder`.
public func unimplemented<each Argument, Result: Sendable>(
    _ endpoint: String,
    placeholder: Result
) -> @Sendable (repeat each Argument) async -> Result {
    let reporter = IssueReporting.reporterForCurrentValues
    return { (_: repeat each Argument) in
        IssueReporting.report(.unimplemented, Messages.unimplemented(endpoint), to: reporter)
        return placeholder
    }
}

/// A synchronous endpoint that cannot throw: it fails the test that calls it, then returns `placeholder`.
///
/// - Parameters:
///   - endpoint: The endpoint's name, as the failure should show it.
///   - placeholder: What the endpoint returns after reporting the call.
/// - Returns: A closure that reports the call and returns `placeholder`.
public func unimplemented<each Argument, Result: Sendable>(
    _ endpoint: String,
    placeholder: Result
) -> @Sendable (repeat each Argument) -> Result {
    let reporter = IssueReporting.reporterForCurrentValues
    return { (_: repeat each Argument) in
        IssueReporting.report(.unimplemented, Messages.unimplemented(endpoint), to: reporter)
        return placeholder
    }
}

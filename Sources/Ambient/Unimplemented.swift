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
/// The report goes through Ambient's issue hook. Under `AmbientTesting` it fails the test that is running where the
/// endpoint is called — on the test's own task, or on whichever thread the test's values were re-entered — so a
/// testing value stored in a `static let`, made once for the whole process, is as strict as a computed one; only
/// where no test is running (work a test left behind) it fails the test the endpoint was created in. Elsewhere it
/// is a warning on standard error; `Ambient` itself links no test framework.
///
/// - Parameters:
///   - endpoint: The endpoint's name, as the failure should show it.
///   - fileID: Where the endpoint is declared, for the failure's location. Leave the default.
///   - filePath: The declaration's file path. Leave the default.
///   - line: The declaration's line. Leave the default.
///   - column: The declaration's column. Leave the default.
/// - Returns: A closure that reports the call and throws ``UnimplementedEndpointError``.
public func unimplemented<each Argument, Result>(
    _ endpoint: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> @Sendable (repeat each Argument) async throws -> Result {
    let endpoint = UnimplementedEndpoint(endpoint, fileID: fileID, filePath: filePath, line: line, column: column)
    return { (_: repeat each Argument) in try endpoint.fail() }
}

/// A synchronous throwing endpoint that fails the test that calls it, then throws.
///
/// ```swift
/// var load: @Sendable (String) throws -> Data = unimplemented("ScopeNode.load")
/// ```
///
/// - Parameters:
///   - endpoint: The endpoint's name, as the failure should show it.
///   - fileID: Where the endpoint is declared, for the failure's location. Leave the default.
///   - filePath: The declaration's file path. Leave the default.
///   - line: The declaration's line. Leave the default.
///   - column: The declaration's column. Leave the default.
/// - Returns: A closure that reports the call and throws ``UnimplementedEndpointError``.
public func unimplemented<each Argument, Result>(
    _ endpoint: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Result {
    let endpoint = UnimplementedEndpoint(endpoint, fileID: fileID, filePath: filePath, line: line, column: column)
    return { (_: repeat each Argument) in try endpoint.fail() }
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
///   - fileID: Where the endpoint is declared, for the failure's location. Leave the default.
///   - filePath: The declaration's file path. Leave the default.
///   - line: The declaration's line. Leave the default.
///   - column: The declaration's column. Leave the default.
/// - Returns: A closure that reports the call and returns `placeholder`.
public func unimplemented<each Argument, Result: Sendable>(
    _ endpoint: String,
    placeholder: Result,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> @Sendable (repeat each Argument) async -> Result {
    let endpoint = UnimplementedEndpoint(endpoint, fileID: fileID, filePath: filePath, line: line, column: column)
    return { (_: repeat each Argument) in endpoint.reportCall(returning: placeholder) }
}

/// A synchronous endpoint that cannot throw: it fails the test that calls it, then returns `placeholder`.
///
/// - Parameters:
///   - endpoint: The endpoint's name, as the failure should show it.
///   - placeholder: What the endpoint returns after reporting the call.
///   - fileID: Where the endpoint is declared, for the failure's location. Leave the default.
///   - filePath: The declaration's file path. Leave the default.
///   - line: The declaration's line. Leave the default.
///   - column: The declaration's column. Leave the default.
/// - Returns: A closure that reports the call and returns `placeholder`.
public func unimplemented<each Argument, Result: Sendable>(
    _ endpoint: String,
    placeholder: Result,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
    let endpoint = UnimplementedEndpoint(endpoint, fileID: fileID, filePath: filePath, line: line, column: column)
    return { (_: repeat each Argument) in endpoint.reportCall(returning: placeholder) }
}

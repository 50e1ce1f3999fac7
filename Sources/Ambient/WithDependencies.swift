/// Runs `operation` with dependencies changed by `update`, then restores the outer values exactly.
///
/// The scope starts from ``DependencyValues/current``; `update` overrides what the operation should see. Everything
/// the operation does synchronously, every `@Dependency` owner it creates, and every task it starts sees the new
/// values. Scopes nest, and sibling scopes never see each other's overrides.
///
/// ```swift
/// let report = withDependencies {
///     $0.api = StubAPI()
/// } operation: {
///     ReportBuilder().build()   // its @Dependency(\.api) sees StubAPI
/// }
/// ```
///
/// `update` builds the scope's values before the scope begins, so inside it ``DependencyValues/current`` — and
/// whatever reads through it — still gives the outer values, not what `update` has just set. Read the new values
/// through the closure's argument, `$0`:
///
/// ```swift
/// withDependencies {
///     $0.api = StubAPI()
///     $0.searchIndex = SearchIndex(api: $0.api)  // StubAPI; DependencyValues.current.api is the outer API
/// } operation: {
///     search()
/// }
/// ```
///
/// `DependencyValues.explain(_:)` names the line of the `withDependencies` call that set an override.
///
/// - Parameters:
///   - update: Changes the values for the operation, through its argument (`$0`); ``DependencyValues/current`` in
///     it is still the outer values.
///   - operation: The work to run with the changed values.
///   - fileID: The file of the call; explanations of the overrides set here point there. Leave the default.
///   - line: The line of the call. Leave the default.
/// - Returns: What `operation` returns.
/// - Throws: What `update` or `operation` throws; the outer values are restored either way.
@inlinable
@discardableResult
public func withDependencies<R>(
    _ update: (inout DependencyValues) throws -> Void,
    operation: () throws -> R,
    fileID: StaticString = #fileID,
    line: UInt = #line
) rethrows -> R {
    // NB: inlined, with `TaskLocal.withValue`, into the caller, where `R` is known: the operation then runs one frame
    // below the caller's, as under a bare task-local, and nested scopes need little more stack than nested
    // task-locals. The scope is built out of line, and only its one reference comes back into the caller's frame.
    let values = try DependencyValues.scope(changedBy: update, fileID: fileID, line: line)
    return try DependencyValues.currentValuesBinding.withValue(values, operation: operation)
}

/// Runs the asynchronous `operation` with dependencies changed by `update`, then restores the outer values.
///
/// The operation keeps the caller's actor isolation.
///
/// ```swift
/// let items = try await withDependencies {
///     $0.api = StubAPI()
/// } operation: {
///     try await Loader().load()
/// }
/// ```
///
/// As in the synchronous form, `update` runs before the scope begins: read the new values through `$0`, since
/// ``DependencyValues/current`` in it is still the outer values.
///
/// - Parameters:
///   - isolation: The actor the operation runs on; the caller's, by default.
///   - update: Changes the values for the operation, through its argument (`$0`); ``DependencyValues/current`` in
///     it is still the outer values.
///   - operation: The work to run with the changed values.
///   - fileID: The file of the call; explanations of the overrides set here point there. Leave the default.
///   - line: The line of the call. Leave the default.
/// - Returns: What `operation` returns.
/// - Throws: What `update` or `operation` throws; the outer values are restored either way.
@discardableResult
public func withDependencies<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ update: (inout DependencyValues) throws -> Void,
    operation: () async throws -> R,
    fileID: StaticString = #fileID,
    line: UInt = #line
) async rethrows -> R {
    let values = try DependencyValues.scope(changedBy: update, fileID: fileID, line: line)
    return try await DependencyValues.$currentValues.withValue(values, operation: operation)
}

/// Runs `operation` in a set of values captured earlier, for work that left its scope.
///
/// `Task.detached`, Dispatch queues and callbacks from other libraries do not inherit the current scope. Capture
/// ``DependencyValues/current`` where the work is scheduled and re-enter it where the work runs:
///
/// ```swift
/// let values = DependencyValues.current
/// DispatchQueue.global().async {
///     withDependencies(values) {
///         Uploader().upload()   // sees the scope that scheduled it
///     }
/// }
/// ```
///
/// - Parameters:
///   - values: The values to run with.
///   - operation: The work to run.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
@inlinable
@discardableResult
public func withDependencies<R>(
    _ values: DependencyValues,
    operation: () throws -> R
) rethrows -> R {
    // NB: inlined, as the form with an update, so that re-entered values nest in as little stack.
    try DependencyValues.currentValuesBinding.withValue(values, operation: operation)
}

/// Runs the asynchronous `operation` in a set of values captured earlier.
///
/// ```swift
/// let values = DependencyValues.current
/// Task.detached {
///     await withDependencies(values) { await sync() }
/// }
/// ```
///
/// - Parameters:
///   - values: The values to run with.
///   - isolation: The actor the operation runs on; the caller's, by default.
///   - operation: The work to run.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
@discardableResult
public func withDependencies<R>(
    _ values: DependencyValues,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
) async rethrows -> R {
    try await DependencyValues.$currentValues.withValue(values, operation: operation)
}

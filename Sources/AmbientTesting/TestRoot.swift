public import Ambient

/// Runs `operation` in a fresh root of testing values, with `update` applied and strict reporting on.
///
/// This is what the `.dependencies(_:)` trait and ``DependencyTestCase`` do for each test; call it
/// directly for a block of code that must not share anything with the rest of the process:
///
/// ```swift
/// func testCheckout() async throws {
///     try await withTestDependencies {
///         $0.api = MockAPI()
///     } operation: {
///         try await CheckoutModel().submit()
///     }
/// }
/// ```
///
/// Inside, every key's default is created anew on first read (no cached value leaks in or out), keys read their
/// testing values, and reading a key without a testing value of its own fails the test, as does calling an
/// `unimplemented` endpoint — also when the test's values were re-entered on another thread, a Dispatch queue or
/// a `Task.detached`. The root, and every default cached in it, is freed when the test no longer holds it. Nested
/// calls add their overrides to the enclosing test root instead of starting a new one.
///
/// - Parameters:
///   - update: Overrides for the operation.
///   - isolation: The actor the operation runs on; the caller's, by default.
///   - operation: The test code.
///   - fileID: The file of the call; explanations of its overrides point there. Leave the default.
///   - line: The line of the call. Leave the default.
/// - Returns: What `operation` returns.
/// - Throws: What `update` or `operation` throws.
public func withTestDependencies<R>(
    _ update: (inout DependencyValues) throws -> Void,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R,
    fileID: StaticString = #fileID,
    line: UInt = #line
) async rethrows -> R {
    if TestRoot.isActive {
        return try await withDependencies(update, operation: operation, fileID: fileID, line: line)
    }
    let reporter = TestIssueReporter()
    var values = DependencyValues._freshRoot(context: .testing, reporter: reporter)
    try values._update(fileID: fileID, line: line, update)
    defer { reporter.finish() }
    return try await TestRoot.$isActive.withValue(true) {
        try await _IssueReporting.withReporter(reporter) {
            try await withDependencies(values, operation: operation)
        }
    }
}

/// Runs the synchronous `operation` in a fresh root of testing values, with `update` applied and strict reporting
/// on.
///
/// ```swift
/// func testTotals() {
///     withTestDependencies { $0.taxRate = 0.2 } operation: {
///         XCTAssertEqual(Cart(items: [10]).total, 12)
///     }
/// }
/// ```
///
/// - Parameters:
///   - update: Overrides for the operation.
///   - operation: The test code.
///   - fileID: The file of the call; explanations of its overrides point there. Leave the default.
///   - line: The line of the call. Leave the default.
/// - Returns: What `operation` returns.
/// - Throws: What `update` or `operation` throws.
public func withTestDependencies<R>(
    _ update: (inout DependencyValues) throws -> Void,
    operation: () throws -> R,
    fileID: StaticString = #fileID,
    line: UInt = #line
) rethrows -> R {
    if TestRoot.isActive {
        return try withDependencies(update, operation: operation, fileID: fileID, line: line)
    }
    let reporter = TestIssueReporter()
    var values = DependencyValues._freshRoot(context: .testing, reporter: reporter)
    try values._update(fileID: fileID, line: line, update)
    defer { reporter.finish() }
    return try TestRoot.$isActive.withValue(true) {
        try _IssueReporting.withReporter(reporter) {
            try withDependencies(values, operation: operation)
        }
    }
}

/// Runs `operation` in a fresh root of testing values with strict reporting on, overriding nothing.
///
/// ```swift
/// let cart = withTestDependencies { Cart() }   // built from testing values only
/// ```
///
/// - Parameter operation: The test code.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
public func withTestDependencies<R>(operation: () throws -> R) rethrows -> R {
    try withTestDependencies({ _ in }, operation: operation)
}

/// Runs the asynchronous `operation` in a fresh root of testing values with strict reporting on, overriding
/// nothing.
///
/// - Parameters:
///   - isolation: The actor the operation runs on; the caller's, by default.
///   - operation: The test code.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
public func withTestDependencies<R>(
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
) async rethrows -> R {
    try await withTestDependencies({ _ in }, operation: operation)
}

/// Whether the current task runs inside a test root made by AmbientTesting.
enum TestRoot {
    @TaskLocal static var isActive = false
}

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
/// Pass `strictness: .lenient` to keep the original package's leniency for the block: a key without a testing value
/// falls back to its default with a warning on standard error, once per key, and the test passes. Leniency covers
/// the block and what runs inside it (its task and the tasks it starts), and ends with it: a read after the block,
/// or in a sibling task, is as strict as the test.
///
/// - Parameters:
///   - strictness: Whether a key without a testing value fails the test; `nil`, the default, keeps the strictness
///     of an enclosing test root, strict for a new one. See ``DependencyStrictness``.
///   - update: Overrides for the operation.
///   - isolation: The actor the operation runs on; the caller's, by default.
///   - operation: The test code.
///   - fileID: The file of the call; explanations of its overrides point there, and so does an XCTest failure
///     that nothing else locates. Leave the default.
///   - line: The line of the call. Leave the default.
/// - Returns: What `operation` returns.
/// - Throws: What `update` or `operation` throws.
public func withTestDependencies<R>(
    strictness: DependencyStrictness? = nil,
    _ update: (inout DependencyValues) throws -> Void,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R,
    fileID: StaticString = #fileID,
    line: UInt = #line
) async rethrows -> R {
    try await TestRoot.run(
        strictness: strictness, update, endingTheTest: false, operation: operation, fileID: fileID, line: line)
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
///   - strictness: Whether a key without a testing value fails the test; `nil`, the default, keeps the strictness
///     of an enclosing test root, strict for a new one. See ``DependencyStrictness``.
///   - update: Overrides for the operation.
///   - operation: The test code.
///   - fileID: The file of the call; explanations of its overrides point there, and so does an XCTest failure
///     that nothing else locates. Leave the default.
///   - line: The line of the call. Leave the default.
/// - Returns: What `operation` returns.
/// - Throws: What `update` or `operation` throws.
public func withTestDependencies<R>(
    strictness: DependencyStrictness? = nil,
    _ update: (inout DependencyValues) throws -> Void,
    operation: () throws -> R,
    fileID: StaticString = #fileID,
    line: UInt = #line
) rethrows -> R {
    if let enclosing = TestRoot.reporter {
        return try BlockStrictness.run(strictness, in: enclosing) {
            try withDependencies(update, operation: operation, fileID: fileID, line: line)
        }
    }
    let reporter = TestIssueReporter(usesCourier: true, location: TestLocation(fileID: fileID, line: line))
    let root = try TestRoot(strictness: strictness, reporter: reporter, update, fileID: fileID, line: line)
    return try root.run(endingTheTest: false, operation)
}

/// Runs `operation` in a fresh root of testing values with strict reporting on, overriding nothing.
///
/// ```swift
/// let cart = withTestDependencies { Cart() }   // built from testing values only
/// ```
///
/// - Parameters:
///   - operation: The test code.
///   - fileID: The file of the call; an XCTest failure that nothing else locates is filed there. Leave the default.
///   - line: The line of the call. Leave the default.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
public func withTestDependencies<R>(
    operation: () throws -> R,
    fileID: StaticString = #fileID,
    line: UInt = #line
) rethrows -> R {
    try withTestDependencies({ _ in }, operation: operation, fileID: fileID, line: line)
}

/// Runs the asynchronous `operation` in a fresh root of testing values with strict reporting on, overriding
/// nothing.
///
/// - Parameters:
///   - isolation: The actor the operation runs on; the caller's, by default.
///   - operation: The test code.
///   - fileID: The file of the call; an XCTest failure that nothing else locates is filed there. Leave the default.
///   - line: The line of the call. Leave the default.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
public func withTestDependencies<R>(
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R,
    fileID: StaticString = #fileID,
    line: UInt = #line
) async rethrows -> R {
    try await withTestDependencies({ _ in }, operation: operation, fileID: fileID, line: line)
}

/// A test's own root of testing values, with its reporter: what the `.dependencies` trait, ``DependencyTestCase``
/// and `withTestDependencies` run a test or a block in.
struct TestRoot {
    /// The reporter of the test root the current task runs in, if it runs in one that AmbientTesting made.
    @TaskLocal static var reporter: TestIssueReporter?

    let reporter: TestIssueReporter
    let values: DependencyValues

    /// A fresh root with `update` applied, reporting to `reporter` (a new one for the running test by default).
    init(
        strictness: DependencyStrictness?,
        reporter: TestIssueReporter? = nil,
        _ update: (inout DependencyValues) throws -> Void,
        fileID: StaticString,
        line: UInt
    ) rethrows {
        let reporter = reporter ?? TestIssueReporter()
        if let strictness { reporter.strictness = strictness }
        var values = EndedTestsHeir.freshRoot(reporter: reporter)
        try values._update(fileID: fileID, line: line, update)
        self.reporter = reporter
        self.values = values
    }

    /// Runs `operation` in the root, in a fresh one unless the task already runs in a test root, to which `update`
    /// is then added.
    ///
    /// - Parameter endingTheTest: Whether the test ends with `operation` (the trait's root), or only a block of it.
    static func run<R>(
        strictness: DependencyStrictness?,
        _ update: (inout DependencyValues) throws -> Void,
        endingTheTest: Bool,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> R,
        fileID: StaticString,
        line: UInt
    ) async rethrows -> R {
        if let enclosing = TestRoot.reporter {
            // A trait's strictness is its test's, for all of it; a block's is the block's (`BlockStrictness`).
            guard !endingTheTest else {
                if let strictness { enclosing.strictness = strictness }
                return try await withDependencies(update, operation: operation, fileID: fileID, line: line)
            }
            return try await BlockStrictness.run(strictness, in: enclosing) {
                try await withDependencies(update, operation: operation, fileID: fileID, line: line)
            }
        }
        let reporter = TestIssueReporter(
            usesCourier: !endingTheTest, location: TestLocation(fileID: fileID, line: line))
        let root = try TestRoot(strictness: strictness, reporter: reporter, update, fileID: fileID, line: line)
        return try await root.run(endingTheTest: endingTheTest, operation)
    }

    /// Runs `operation` in the root, then ends the block (and with `endingTheTest`, the test): reports kept from
    /// other threads fail it.
    func run<R>(endingTheTest: Bool = true, _ operation: () throws -> R) rethrows -> R {
        defer { reporter.finish(endingTheTest: endingTheTest) }
        return try TestRoot.$reporter.withValue(reporter) {
            try _IssueReporting.$reporter.withValue(reporter) {
                try withDependencies(values, operation: operation)
            }
        }
    }

    /// Runs the asynchronous `operation` in the root, then ends the block (and with `endingTheTest`, the test).
    func run<R>(
        endingTheTest: Bool = true,
        isolation: isolated (any Actor)? = #isolation,
        _ operation: () async throws -> R
    ) async rethrows -> R {
        defer { reporter.finish(endingTheTest: endingTheTest) }
        return try await TestRoot.$reporter.withValue(reporter) {
            try await _IssueReporting.$reporter.withValue(reporter) {
                try await withDependencies(values, operation: operation)
            }
        }
    }
}

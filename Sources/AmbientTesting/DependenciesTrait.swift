public import Ambient
public import Testing

/// A Swift Testing trait that runs each test in a fresh root of testing values, with overrides.
///
/// Use it through `.dependencies(_:)` and `.dependencies`.
public struct DependenciesTrait: TestTrait, SuiteTrait, TestScoping {
    /// The overrides, applied on the main actor (see ``dependencies(_:fileID:line:)``).
    private let update: @MainActor @Sendable (inout DependencyValues) -> Void
    private let strictness: DependencyStrictness?

    init(
        strictness: DependencyStrictness? = nil,
        update: @escaping @MainActor @Sendable (inout DependencyValues) -> Void
    ) {
        self.strictness = strictness
        self.update = update
    }

    /// Applied to every test of a suite, suites nested in it included.
    public var isRecursive: Bool { true }

    /// Scopes each test case (one run of a test function), never a suite as a whole: tests share nothing.
    ///
    /// - Parameters:
    ///   - test: The test or suite.
    ///   - testCase: The test case, or `nil` for the test or suite as a whole.
    /// - Returns: This trait for a test case, else `nil`.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    /// Runs `function` in a fresh test root with this trait's overrides, or adds them to the root that an
    /// enclosing `.dependencies` trait (the suite's) already made.
    ///
    /// - Parameters:
    ///   - test: The test.
    ///   - testCase: The test case.
    ///   - function: The test case's body.
    /// - Throws: What `function` throws.
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await Self.run(function, strictness: strictness, update: update)
    }

    /// Makes the test's root on the main actor, where `update` is isolated; `function` runs where it is isolated.
    @MainActor
    private static func run(
        _ function: @Sendable () async throws -> Void,
        strictness: DependencyStrictness?,
        update: @MainActor @Sendable (inout DependencyValues) -> Void
    ) async throws {
        try await TestRoot.run(
            strictness: strictness, { update(&$0) }, endingTheTest: true, operation: function, fileID: #fileID,
            line: #line)
    }
}

extension Trait where Self == DependenciesTrait {
    /// Runs each test in its own root of testing values, with `update` applied.
    ///
    /// Every test gets fresh dependencies: no cached value, no override and no `uuid` count leaks from one test into
    /// another, also when tests run in parallel. Reading a key without a testing value of its own, or calling an
    /// `unimplemented` endpoint, fails the test with the key or endpoint named, as in every test; add
    /// ``dependencies(strictness:_:fileID:line:)`` with `.lenient` where a test must only be warned.
    ///
    /// ```swift
    /// @Suite(.dependencies { $0.api = MockAPI() })
    /// struct CheckoutTests {
    ///     @Test(.dependencies { $0.date = .constant(.distantPast) })
    ///     func receiptIsDated() async throws { ... }   // sees MockAPI and the constant date
    /// }
    /// ```
    ///
    /// Several traits compose in order: the suite's first, then the test's, each on top of the last.
    ///
    /// `update` runs on the main actor, before the test starts, wherever the test itself runs. So it can set what an
    /// app target isolates to the main actor by default — an endpoint of a struct-of-closures client declared in
    /// the app's module (`$0.items.fetch = { ... }`) — from the app's test module.
    ///
    /// - Parameters:
    ///   - update: Overrides for the test.
    ///   - fileID: The file of the trait; explanations of its overrides point there. Leave the default.
    ///   - line: The line of the trait; in a `@Test` or `@Suite` attribute, the macro gives the line of the
    ///     declaration it is attached to. Leave the default.
    /// - Returns: The trait.
    public static func dependencies(
        _ update: @escaping @MainActor @Sendable (inout DependencyValues) -> Void,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> Self {
        DependenciesTrait { values in values._update(fileID: fileID, line: line, update) }
    }

    /// Runs each test in its own root of testing values, with nothing overridden.
    ///
    /// ```swift
    /// @Suite(.dependencies) struct ParserTests { ... }
    /// ```
    public static var dependencies: Self {
        DependenciesTrait { _ in }
    }

    /// Runs each test in its own root of testing values with the given strictness, and `update` applied.
    ///
    /// Every test that links `AmbientTesting` is strict: a key read without a testing value of its own fails the
    /// test. Ask for `.lenient` to keep the original package's behaviour for a test or a suite — the key falls back
    /// to its default value, a warning goes to standard error once per key, and the test passes:
    ///
    /// ```swift
    /// @Suite(.dependencies(strictness: .lenient))
    /// struct LegacyReportTests {
    ///     @Test func totals() { ... }   // reads keys that have no testing value yet
    /// }
    /// ```
    ///
    /// Inside a suite's trait, a test's trait may choose again; a trait that does not name a strictness keeps the
    /// suite's.
    ///
    /// - Parameters:
    ///   - strictness: Whether a key without a testing value fails the test. See ``DependencyStrictness``.
    ///   - update: Overrides for the test; none by default.
    ///   - fileID: The file of the trait; explanations of its overrides point there. Leave the default.
    ///   - line: The line of the trait. Leave the default.
    /// - Returns: The trait.
    public static func dependencies(
        strictness: DependencyStrictness,
        _ update: @escaping @MainActor @Sendable (inout DependencyValues) -> Void = { _ in },
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> Self {
        DependenciesTrait(strictness: strictness) { values in values._update(fileID: fileID, line: line, update) }
    }
}

public import Ambient
public import XCTest

/// An XCTest base class that runs each test method in a fresh root of testing values, with the class's overrides,
/// from whichever thread the method's work reads them.
///
/// For teams on XCTest: subclass it instead of `XCTestCase` and every test method gets its own dependencies, with
/// the overrides of ``setUpDependencies(_:)``, and failures (through `XCTFail`) for keys read without a testing value
/// and for `unimplemented` endpoints.
///
/// ```swift
/// final class CheckoutTests: DependencyTestCase {
///     override func setUpDependencies(_ dependencies: inout DependencyValues) {
///         dependencies.api = MockAPI()
///     }
///
///     func testSubmit() async throws {
///         let model = CheckoutModel()   // its @Dependency(\.api) is MockAPI
///         try await model.submit()
///     }
/// }
/// ```
///
/// The method's values are bound around the whole method, `setUp` and `tearDown` included, so:
///
/// - every read while the method runs sees them, on any thread: a `Task` the method starts inherits them, and a
///   Dispatch queue, a `Thread` or a `Task.detached` finds them too (XCTest runs one method at a time, so the running
///   one is known);
/// - work the method leaves behind in a `Task` keeps reading *its* method's values after the method returned, never
///   the next method's, and the first read of each key it makes then is reported on standard error, naming the
///   method. A Dispatch block or a `Thread` left behind carries no values of its own: when it runs during a later
///   method it reads that method's.
open class DependencyTestCase: XCTestCase {
    /// Overrides for every test method of the class; the default sets nothing.
    ///
    /// It runs on the main actor, where XCTest starts each test method, so it can set what an app target isolates to
    /// the main actor by default: an endpoint of a struct-of-closures client declared in the app's module
    /// (`dependencies.items.fetch = { ... }`), from the app's test module. An override inherits that isolation,
    /// except in a class declared `nonisolated` — as a subclass in a module isolated to the main actor by default
    /// must be — where it says so itself:
    ///
    /// ```swift
    /// nonisolated final class ItemsTestCase: DependencyTestCase {
    ///     @MainActor override func setUpDependencies(_ dependencies: inout DependencyValues) {
    ///         dependencies.items.fetch = { id in Item(id: id, name: "Stub") }
    ///     }
    /// }
    /// ```
    ///
    /// Without `@MainActor` there, Swift says `main actor-isolated property 'fetch' can not be mutated from a
    /// nonisolated context` (the Gotchas article of Ambient's documentation, "In an app target, declarations are on
    /// the main actor").
    ///
    /// - Parameter dependencies: The test's values, to change.
    @MainActor
    open func setUpDependencies(_ dependencies: inout DependencyValues) {}

    /// Whether a key without a testing value fails the method (``DependencyStrictness/strict``, the default) or
    /// only warns, as in the original package (``DependencyStrictness/lenient``).
    ///
    /// ```swift
    /// override var dependencyStrictness: DependencyStrictness { .lenient }
    /// ```
    open var dependencyStrictness: DependencyStrictness { .strict }

    #if !canImport(ObjectiveC)
        /// A test case that runs `testClosure`; swift-corelibs-xctest makes one for each test method.
        ///
        /// - Parameters:
        ///   - name: The test method's name.
        ///   - testClosure: Runs the method on the test case.
        ///
        /// Nonisolated, as XCTest's is: a subclass in a target isolated to the main actor by default can't inherit
        /// it; declare the subclass `nonisolated final class`, and mark `setUpDependencies` and tests `@MainActor`.
        public required init(name: String, testClosure: @escaping XCTestCaseClosure) {
            super.init(name: name, testClosure: testClosure)
            // NB: declared only so that Swift's note "overridden declaration is here", under the error of a subclass
            // isolated to the main actor, shows the two lines above, which say the fix (on Darwin, XCTest's own
            // initializers are what a subclass inherits).
        }
    #endif

    /// Runs the test method inside its own test root, which answers every read made while the method runs.
    override open func invokeTest() {
        // NB: XCTest calls `invokeTest` on the main thread (Darwin's and swift-corelibs-xctest's), which
        // `assumeIsolated` checks, and the root is made before `super.invokeTest()` starts the method: while
        // `setUpDependencies` runs, this test case is used on the main thread alone, so handing it over is no race.
        nonisolated(unsafe) let testCase = self
        let root = TestRoot(
            strictness: dependencyStrictness, reporter: TestIssueReporter(testName: name),
            { values in MainActor.assumeIsolated { testCase.setUpDependencies(&values) } }, fileID: #fileID,
            line: #line)
        ImplicitTestRoots.shared.adopt(root, forXCTestCase: name)
        root.run { super.invokeTest() }
    }
}

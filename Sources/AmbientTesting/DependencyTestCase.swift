public import Ambient
public import XCTest

/// An XCTest base class that runs each test method in a fresh root of testing values.
///
/// For teams on XCTest: subclass it instead of `XCTestCase` and every test method gets its own dependencies,
/// testing values, and failures (through `XCTFail`) for keys read without a testing value and for `unimplemented`
/// endpoints.
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
open class DependencyTestCase: XCTestCase {
    /// Overrides for every test method of the class; the default sets nothing.
    ///
    /// - Parameter dependencies: The test's values, to change.
    open func setUpDependencies(_ dependencies: inout DependencyValues) {}

    /// Runs the test method inside its own test root.
    override open func invokeTest() {
        withTestDependencies({ setUpDependencies(&$0) }, operation: { super.invokeTest() })
    }
}

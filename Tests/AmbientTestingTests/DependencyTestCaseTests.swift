import Ambient
import AmbientTesting
import XCTest

/// XCTest users: every test method runs in its own root, with the class's overrides.
final class DependencyTestCaseTests: DependencyTestCase {
    override func setUpDependencies(_ dependencies: inout DependencyValues) {
        dependencies.client = Client("xctest")
    }

    func testOverridesOfTheClassApply() {
        XCTAssertEqual(DependencyValues.current.client.name, "xctest")
        XCTAssertEqual(DependencyValues.current.context, .testing)
    }

    func testEachMethodGetsAFreshRoot() {
        let cart = DependencyValues.current.cart
        XCTAssertTrue(cart.all.isEmpty)
        cart.add("xctest")
        XCTAssertTrue(isFirstSighting(of: cart))
    }

    func testAnotherMethodAlsoGetsAFreshRoot() {
        let cart = DependencyValues.current.cart
        XCTAssertTrue(cart.all.isEmpty)
        cart.add("xctest")
        XCTAssertTrue(isFirstSighting(of: cart))
    }

    func testAsyncMethodsRunInTheRootToo() async {
        await Task.yield()
        XCTAssertEqual(DependencyValues.current.client.name, "xctest")
    }
}

/// `withTestDependencies` works in plain XCTest cases as well.
final class WithTestDependenciesXCTests: XCTestCase {
    func testBlockRunsInAFreshTestingRoot() {
        withTestDependencies {
            $0.client = Client("block")
        } operation: {
            XCTAssertEqual(DependencyValues.current.client.name, "block")
            XCTAssertEqual(DependencyValues.current.context, .testing)
        }
    }
}

import Ambient
import Testing

@testable import AmbientTesting

/// How an implicit root is found and when it goes (a provider of its own, so that no running test is disturbed).
@Suite struct ImplicitTestRootsTests {
    @Test func anXCTestMethodsRootIsDroppedWhenTheMethodEnds() async {
        let roots = ImplicitTestRoots()
        roots.xcTestCaseWillStart("-[CheckoutTests testSubmit]")
        // Off Swift Testing's task-locals, as XCTest code is: the XCTest method's root answers.
        weak var cart: Cart?
        let values = await Task.detached { roots.currentTestValues() }.value
        #expect(values != nil)
        #expect(roots.count == 1)
        cart = values?.cart
        #expect(cart != nil)
        #expect(await Task.detached { roots.currentTestValues()?.cart }.value === cart)
        roots.xcTestCaseDidFinish("-[CheckoutTests testSubmit]")
        #expect(roots.count == 0)
        _ = consume values
        #expect(cart == nil)
        #expect(await Task.detached { roots.currentTestValues() }.value == nil)
    }

    @Test func aSwiftTestingTestFindsItsOwnRootAgain() {
        let roots = ImplicitTestRoots()
        let first = roots.currentTestValues()?.cart
        let second = roots.currentTestValues()?.cart
        #expect(first != nil)
        #expect(first === second)
        #expect(roots.count == 1)
    }
}

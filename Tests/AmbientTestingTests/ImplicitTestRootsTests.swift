import Ambient
import Testing

@testable import AmbientTesting

/// How an implicit root is found and when it goes (a provider of its own, so that no running test is disturbed).
@Suite struct ImplicitTestRootsTests {
    @Test func anXCTestMethodsRootIsDroppedWhenTheMethodEnds() async {
        let roots = ImplicitTestRoots()
        roots.xcTestCaseWillStart("-[CheckoutTests testSubmit]", reporter: CapturedFailures().reporter())
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

    @Test func readThatReachesTheProcessRootIsReportedOncePerKeyWithTheFix() {
        let written = _Locked<[String]>([])
        let roots = ImplicitTestRoots { text in written.withLock { $0.append(text) } }
        roots.processRootWillCreate(ClientKey.self)
        roots.processRootWillCreate(ClientKey.self)
        roots.processRootWillCreate(CartKey.self)
        #expect(
            written.withLock { $0 } == [
                """
                Ambient: ClientKey was read outside every test's dependency values, on a thread or task that carries \
                none (a Dispatch queue, a Thread, Task.detached, or work left running after its test ended), so it got \
                the process's values, which no test isolates or checks. Re-enter the test's values there: capture \
                `let values = DependencyValues.current` in the test and run the work in `withDependencies(values) { \
                ... }`.

                """,
                ImplicitTestRoots.strayRead(of: CartKey.self),
            ])
    }

    @Test func anXCTestMethodsReadsFromEveryThreadGoToTheRootADependencyTestCaseHandsOver() async {
        let roots = ImplicitTestRoots()
        roots.xcTestCaseWillStart("CheckoutTests.testSubmit", reporter: CapturedFailures().reporter())
        let root = TestRoot(
            strictness: nil, reporter: CapturedFailures().reporter(), { $0.client = Client("handed over") },
            fileID: #fileID, line: #line)
        roots.adopt(root, forXCTestCase: "CheckoutTests.testSubmit")
        #expect(await Task.detached { roots.currentTestValues()?.client.name }.value == "handed over")
        roots.xcTestCaseDidFinish("CheckoutTests.testSubmit")
        #expect(await Task.detached { roots.currentTestValues() }.value == nil)
    }
}

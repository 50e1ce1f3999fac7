import Ambient
import AmbientTesting
import Dispatch
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

    func testADispatchReadDuringTheMethodSeesItsOverrides() {
        // A Dispatch block carries no task-local values: it finds the running method's root all the same.
        let name = _Locked("")
        let cart = DependencyValues.current.cart
        let sameCart = _Locked(false)
        onADispatchThread {
            name.withLock { $0 = DependencyValues.current.client.name }
            sameCart.withLock { $0 = DependencyValues.current.cart === cart }
        }
        XCTAssertEqual(name.withLock { $0 }, "xctest")
        XCTAssertTrue(sameCart.withLock { $0 })
    }

    func testATaskStartedInTheMethodCarriesItsValues() async {
        let cart = DependencyValues.current.cart
        let seen = await Task.detached { DependencyValues.current.cart }.value
        let inherited = await Task { DependencyValues.current.cart }.value
        XCTAssertTrue(seen === cart, "a detached task finds the running method's root")
        XCTAssertTrue(inherited === cart)
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

// NB: swift-corelibs-xctest routes every failure through `recordFailure(withDescription:inFile:atLine:expected:)`;
// Apple's XCTest routes them through `record(_:)`, which this file cannot compile against here.
#if !canImport(ObjectiveC)
    /// A test case that catches its own failures while the test runs, then hands them to `check`, which fails the
    /// test for real when they are not the expected ones.
    class FailureCatchingTestCase: DependencyTestCase {
        private let caught = _Locked<[(description: String, file: String, line: Int)]>([])
        private let isCatching = _Locked(true)

        /// Returns a complaint when `failures` are not what the test expects.
        func check(_ failures: [(description: String, file: String, line: Int)]) -> String? { nil }

        override func recordFailure(
            withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
        ) {
            if isCatching.withLock({ $0 }) {
                caught.withLock { $0.append((description, filePath, lineNumber)) }
            } else {
                super.recordFailure(
                    withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
            }
        }

        override func invokeTest() {
            super.invokeTest()
            isCatching.withLock { $0 = false }
            if let complaint = check(caught.withLock { $0 }) { XCTFail(complaint) }
        }
    }

    /// Semantics: strictness follows the values, for XCTest. A read in the test's values on another thread fails the
    /// test method.
    final class DependencyTestCaseStrictnessTests: FailureCatchingTestCase {
        override func check(_ failures: [(description: String, file: String, line: Int)]) -> String? {
            let expected = failures.contains {
                $0.description.contains("Ambient: LiveOnlyServiceKey has no testingValue")
                    && $0.description.contains("a thread outside Swift concurrency (a Dispatch queue or a Thread)")
            }
            return expected && failures.count == 1
                ? nil : "expected one failure for the read on another thread, got \(failures)"
        }

        func testReadOnAnotherThreadInTheTestsValuesFailsTheTest() {
            readLiveOnlyServiceOnADispatchThread(in: DependencyValues.current)
        }
    }

    /// An `async` method runs on a task of its own, off the main thread. A failure there is the method's
    /// own, and says nothing of a task that is not the test's: nothing was detached.
    final class DependencyTestCaseAsyncMethodTests: FailureCatchingTestCase {
        override func check(_ failures: [(description: String, file: String, line: Int)]) -> String? {
            let expected =
                failures.count == 1
                && failures[0].description.hasPrefix("Ambient: APIClient.fetch is unimplemented in tests")
                && !failures[0].description.contains("This happened on")
            return expected ? nil : "expected one failure for the call on the method's own task, got \(failures)"
        }

        func testCallOfAnUnimplementedEndpointInAnAsyncMethod() async {
            _ = try? await DependencyValues.current.apiClient.fetch(1)
        }
    }

    /// A detached task in a `DependencyTestCase` is still told apart from the method's own.
    final class DependencyTestCaseDetachedTaskTests: FailureCatchingTestCase {
        override func check(_ failures: [(description: String, file: String, line: Int)]) -> String? {
            let expected =
                failures.count == 1
                && failures[0].description.contains(
                    "This happened on a task that is not the test's own (such as Task.detached)")
            return expected ? nil : "expected one failure that names the detached task, got \(failures)"
        }

        func testCallOfAnUnimplementedEndpointInADetachedTask() async {
            await Task.detached { _ = try? await DependencyValues.current.apiClient.fetch(1) }.value
        }
    }

    /// XCTest failures point at the `@Dependency` declaration that read, not at a file inside AmbientTesting.
    final class DependencyTestCaseLocationTests: FailureCatchingTestCase {
        override func check(_ failures: [(description: String, file: String, line: Int)]) -> String? {
            let atDeclaration =
                failures.count == 1 && failures[0].file.hasSuffix("AmbientTestingTests/Support/Keys.swift")
                && failures[0].line == LiveOnlyServiceReader.declarationLine
            return atDeclaration ? nil : "expected one failure at the @Dependency declaration, got \(failures)"
        }

        func testFailureForAReadPointsAtTheDeclaration() {
            _ = LiveOnlyServiceReader().value
        }
    }
#endif

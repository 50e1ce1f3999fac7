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
    /// DESIGN §4.13 for XCTest: a read in the test's values on another thread fails the test method.
    ///
    /// The class catches its own failures during the test and checks, after the test, that the expected one came;
    /// anything else fails the test for real.
    final class DependencyTestCaseStrictnessTests: DependencyTestCase {
        private let caught = _Locked<[String]>([])
        private let isCatching = _Locked(true)

        override func recordFailure(
            withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
        ) {
            if isCatching.withLock({ $0 }) {
                caught.withLock { $0.append(description) }
            } else {
                super.recordFailure(
                    withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
            }
        }

        override func invokeTest() {
            super.invokeTest()
            isCatching.withLock { $0 = false }
            let failures = caught.withLock { $0 }
            let expected = failures.contains {
                $0.contains("Ambient: LiveOnlyServiceKey has no testingValue")
                    && $0.contains("a thread outside Swift concurrency (a Dispatch queue or a Thread)")
            }
            if !expected || failures.count != 1 {
                XCTFail("expected one failure for the read on another thread, got \(failures)")
            }
        }

        func testReadOnAnotherThreadInTheTestsValuesFailsTheTest() {
            let values = DependencyValues.current
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                _ = withDependencies(values) { DependencyValues.current.liveOnlyService }
                done.signal()
            }
            done.wait()
        }
    }
#endif

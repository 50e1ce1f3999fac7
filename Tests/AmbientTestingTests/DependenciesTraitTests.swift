import Ambient
import AmbientTesting
import Testing

@Suite(.dependencies { $0.client = Client("suite") })
struct DependenciesTraitTests {
    @Test func testRunsInTheTestingContext() {
        #expect(DependencyValues.current.context == .testing)
    }

    @Test func suiteOverridesReachEveryTest() {
        #expect(DependencyValues.current.client.name == "suite")
    }

    @Test(.dependencies { $0.liveOnlyService = "test" })
    func testTraitAddsToTheSuiteTrait() {
        #expect(DependencyValues.current.client.name == "suite")
        #expect(DependencyValues.current.liveOnlyService == "test")
    }

    @Test(.dependencies { $0.liveOnlyService = "traced" })
    func explanationsNameTheTraitThatSetAnOverride() {
        // NB: `#line` in a trait's default argument is resolved in the `@Test` macro's expansion, at the function.
        let line = #line - 2
        #expect(
            DependencyValues.current.explain(\.liveOnlyService)?.description
                == "LiveOnlyServiceKey = traced: overridden at AmbientTestingTests/DependenciesTraitTests.swift:\(line), "
                + "in this scope"
        )
    }

    @Test(.dependencies { $0.client = Client("test") })
    func testTraitOverridesTheSuiteTrait() {
        #expect(DependencyValues.current.client.name == "test")
    }

    @Test(
        .dependencies { $0.client = Client("first") },
        .dependencies { $0.client = Client("second") }
    )
    func laterTraitsApplyOnTopOfEarlierOnes() {
        #expect(DependencyValues.current.client.name == "second")
    }

    @Test func cachedDefaultsAreNotSharedBetweenTests() {
        let cart = DependencyValues.current.cart
        #expect(cart.all.isEmpty)
        cart.add("milk")
        #expect(isFirstSighting(of: cart))
    }

    @Test func cachedDefaultsAreNotSharedBetweenTestsAgain() {
        let cart = DependencyValues.current.cart
        #expect(cart.all.isEmpty)
        cart.add("eggs")
        #expect(isFirstSighting(of: cart))
    }

    @Test(arguments: 0..<5)
    func eachTestCaseGetsItsOwnRoot(index: Int) {
        let cart = DependencyValues.current.cart
        #expect(cart.all.isEmpty)
        cart.add("case \(index)")
        #expect(isFirstSighting(of: cart))
    }
}

@Suite(.dependencies)
struct PlainDependenciesTraitTests {
    @Test func plainTraitIsolatesWithTestingValues() {
        #expect(DependencyValues.current.client.name == "testing")
        #expect(DependencyValues.current.context == .testing)
    }
}

@Suite struct WithTestDependenciesTests {
    @Test func freshRootEachCall() {
        let first = withTestDependencies { DependencyValues.current.cart }
        let second = withTestDependencies { DependencyValues.current.cart }
        #expect(first !== second)
    }

    @Test func nestedCallsShareTheEnclosingRoot() async {
        await withTestDependencies {
            $0.client = Client("outer")
        } operation: {
            let cart = DependencyValues.current.cart
            await withTestDependencies {
                $0.liveOnlyService = "inner"
            } operation: {
                await Task.yield()
                #expect(DependencyValues.current.cart === cart)
                #expect(DependencyValues.current.client.name == "outer")
                #expect(DependencyValues.current.liveOnlyService == "inner")
            }
        }
    }

    @Test func explanationsNameTheCallThatSetAnOverride() {
        let line = #line + 1
        let text = withTestDependencies {
            $0.liveOnlyService = "called"
        } operation: {
            DependencyValues.current.explain(\.liveOnlyService)?.description
        }
        #expect(
            text
                == "LiveOnlyServiceKey = called: overridden at AmbientTestingTests/DependenciesTraitTests.swift:\(line), "
                + "in this scope")
    }
}

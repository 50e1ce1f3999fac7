import Testing

@testable import Ambient

@Suite struct OverrideTests {
    @Test(arguments: DependencyContext.allCases)
    func overrideWinsInEveryContext(context: DependencyContext) {
        withFreshRoot(context) {
            let stub = Service("stub")
            withDependencies {
                $0.service = stub
            } operation: {
                #expect(DependencyValues.current.service === stub)
            }
        }
    }

    @Test func innerScopeSeesItsOverridesOnTopOfOuterOnes() {
        withFreshRoot {
            let outer = Service("outer")
            withDependencies {
                $0.service = outer
                $0.liveOnly = "outer"
            } operation: {
                withDependencies {
                    $0.liveOnly = "inner"
                } operation: {
                    #expect(DependencyValues.current.service === outer)
                    #expect(DependencyValues.current.liveOnly == "inner")
                }
            }
        }
    }

    @Test func overrideInInnerScopeIsRestoredOnExit() {
        withFreshRoot {
            let outer = Service("outer")
            withDependencies {
                $0.service = outer
            } operation: {
                withDependencies {
                    $0.service = Service("inner")
                } operation: {
                    #expect(DependencyValues.current.service.name == "inner")
                }
                #expect(DependencyValues.current.service === outer)
            }
            #expect(DependencyValues.current.service.name == "testing")
        }
    }

    struct Failure: Error {}

    @Test func overrideInInnerScopeIsRestoredWhenItThrows() {
        withFreshRoot {
            let outer = Service("outer")
            withDependencies {
                $0.service = outer
            } operation: {
                #expect(throws: Failure.self) {
                    try withDependencies {
                        $0.service = Service("inner")
                    } operation: {
                        throw Failure()
                    }
                }
                #expect(DependencyValues.current.service === outer)
            }
        }
    }

    @Test func siblingScopesDoNotSeeEachOthersOverrides() {
        let log = collectingReports {
            withFreshRoot {
                let base = DependencyValues.current
                var first = base
                first.service = Service("first")
                var second = base
                second.liveOnly = "second"
                #expect(first.liveOnly == "live only")
                #expect(second.service.name == "testing")
                #expect(base.service.name == "testing")
                #expect(first.service.name == "first")
            }
        }
        #expect(log.kinds == [.missingTestingValue], "the first read of the live-only key, reported once")
    }

    @Test func settingAKeyChangesOnlyThatCopy() {
        withFreshRoot {
            var values = DependencyValues.current
            let copy = values
            values.service = Service("changed")
            values.service = Service("changed again")
            #expect(copy.service.name == "testing")
            #expect(values.service.name == "changed again")
        }
    }

    @Test func overridesAreRestoredAfterManyNestedScopes() {
        let log = collectingReports {
            withFreshRoot {
                func nest(_ depth: Int) {
                    guard depth < 50 else { return }
                    withDependencies {
                        $0.liveOnly = "depth \(depth)"
                    } operation: {
                        nest(depth + 1)
                        #expect(DependencyValues.current.liveOnly == "depth \(depth)")
                    }
                }
                nest(0)
                #expect(DependencyValues.current.liveOnly == "live only")
            }
        }
        #expect(log.kinds == [.missingTestingValue], "the read outside every override, reported once")
    }

    @Test func manyOverridesInOneScopeAreAllVisible() {
        withFreshRoot {
            withDependencies {
                $0.liveOnly = "a"
                $0.service = Service("b")
                $0[TestingOnlyKey.self] = "c"
                $0[PureKey.self] = 1
                $0[Greeter.self] = Greeter(greeting: "e")
                $0.liveOnly = "f"
            } operation: {
                let values = DependencyValues.current
                #expect(values.liveOnly == "f")
                #expect(values.service.name == "b")
                #expect(values[TestingOnlyKey.self] == "c")
                #expect(values[PureKey.self] == 1)
                #expect(values[Greeter.self].greeting == "e")
            }
        }
    }

    @Test func descriptionListsContextAndOverrides() {
        withFreshRoot {
            var values = DependencyValues.current
            values.service = Service("stub")
            values.liveOnly = "x"
            #expect(
                values.description == "DependencyValues(context: Testing, LiveOnlyKey: x, ServiceKey: Service(stub))")
            #expect(DependencyValues().description == "DependencyValues(context: Testing)")
        }
    }
}

import Testing

@testable import Ambient

/// Semantics: overrides reach derived defaults. A default built from other dependencies follows their overrides.
@Suite struct TransitiveOverrideTests {
    @Test func overridingAnInputRebuildsTheDefaultForThatScope() {
        withFreshRoot {
            let rootAnalytics = DependencyValues.current.analytics
            let stub = Service("stub")
            withDependencies {
                $0.service = stub
            } operation: {
                let scoped = DependencyValues.current.analytics
                #expect(scoped.service === stub)
                #expect(scoped !== rootAnalytics)
            }
            #expect(DependencyValues.current.analytics === rootAnalytics)
        }
    }

    @Test func rebuiltDefaultIsCreatedOnceThenCachedForTheScope() {
        withFreshRoot {
            withDependencies {
                $0.service = Service("stub")
            } operation: {
                let first = DependencyValues.current.analytics
                let second = DependencyValues.current.analytics
                let nested = withDependencies {
                    $0.liveOnly = "unrelated"
                } operation: {
                    DependencyValues.current.analytics
                }
                #expect(first === second)
                #expect(first === nested)
            }
        }
    }

    @Test func firstReadInsideAnOverridingScopeDoesNotLeakToTheRoot() {
        withFreshRoot {
            let stub = Service("stub")
            let scoped = withDependencies {
                $0.service = stub
            } operation: {
                DependencyValues.current.analytics
            }
            let root = DependencyValues.current.analytics
            #expect(scoped.service === stub)
            #expect(root.service.name == "testing")
            #expect(root !== scoped)
        }
    }

    @Test func siblingScopesWithDifferentInputsGetDifferentInstances() {
        withFreshRoot {
            let first = withDependencies {
                $0.service = Service("first")
            } operation: {
                DependencyValues.current.analytics
            }
            let second = withDependencies {
                $0.service = Service("second")
            } operation: {
                DependencyValues.current.analytics
            }
            #expect(first.service.name == "first")
            #expect(second.service.name == "second")
        }
    }

    @Test func explicitOverrideOfTheDefaultItselfStillWins() {
        withFreshRoot {
            let mine = Analytics(service: Service("mine"), serial: -1)
            withDependencies {
                $0.service = Service("stub")
                $0.analytics = mine
            } operation: {
                #expect(DependencyValues.current.analytics === mine)
            }
        }
    }

    /// How a default's object holds its `@Dependency` properties.
    enum Holder: CaseIterable, Sendable {
        case plainStruct, dependencyOwner

        /// The service that the object built by the default reads.
        var service: Service {
            switch self {
            case .plainStruct: DependencyValues.current.reporter.service
            case .dependencyOwner: DependencyValues.current.owningReporter.service
            }
        }
    }

    @Test(arguments: Holder.allCases)
    func dependencyPropertiesInAnObjectBuiltByADefaultFollowTheOverride(_ holder: Holder) {
        withFreshRoot {
            let stub = Service("stub")
            withDependencies {
                $0.service = stub
            } operation: {
                #expect(holder.service === stub)
            }
            #expect(holder.service.name == "testing")
        }
    }
}

import Testing

@testable import Ambient

@Suite struct ProvenanceTests {
    private let file = "AmbientTests/ProvenanceTests.swift"

    @Test func overrideInAScopeNamesTheLineThatSetIt() {
        withFreshRoot {
            let line = #line + 1
            withDependencies {
                $0.service = Service("stub")
            } operation: {
                let provenance = DependencyValues.current.explain(\.service)
                #expect(provenance?.source == .override(setAt: .init(fileID: file, line: line), scopesUp: 0))
                #expect(
                    provenance?.description
                        == "ServiceKey = Service(stub): overridden at \(file):\(line), in this scope"
                )
                #expect(DependencyValues.current.explain(ServiceKey.self) == provenance)
            }
        }
    }

    @Test func nestedOverridesHideEachOther() {
        withFreshRoot {
            let outer = #line + 1
            withDependencies {
                $0.service = Service("outer")
                $0.liveOnly = "outer"
            } operation: {
                let inner = #line + 1
                withDependencies {
                    $0.service = Service("inner")
                } operation: {
                    let values = DependencyValues.current
                    #expect(
                        values.explain(\.service)?.description
                            == "ServiceKey = Service(inner): overridden at \(file):\(inner), in this scope"
                    )
                    #expect(
                        values.explain(\.liveOnly)?.description
                            == "LiveOnlyKey = outer: overridden at \(file):\(outer), 1 scope up"
                    )
                    #expect(
                        values.overridesDescription == """
                            ServiceKey = Service(inner): overridden at \(file):\(inner), in this scope; \
                            hides Service(outer) set at \(file):\(outer)
                            LiveOnlyKey = outer: overridden at \(file):\(outer), 1 scope up; hides the testing default
                            """
                    )
                }
            }
        }
    }

    /// A read in the update that builds a default for the scope (or, past four overrides, the scope's map) keeps
    /// what it built, so the update's later writes go to a node of their own: they were still set by this
    /// `withDependencies` call, in this scope.
    @Test func overridesSetAfterAReadInTheSameUpdateNameItsLineAndThisScope() {
        withFreshRoot {
            let line = #line + 1
            withDependencies {
                $0.service = Service("stub")
                // Built from the service this scope overrides: rebuilt for, and kept in, this scope.
                $0[PureKey.self] = $0.analytics.serial
                $0.liveOnly = "after"
            } operation: {
                let values = DependencyValues.current
                for keyPath: any KeyPath<DependencyValues, String> & Sendable in [\.service.name, \.liveOnly] {
                    #expect(
                        values.explain(keyPath)?.source
                            == .override(setAt: .init(fileID: file, line: line), scopesUp: 0))
                }
                #expect(
                    values.explain(PureKey.self).source
                        == .override(setAt: .init(fileID: file, line: line), scopesUp: 0))
                // The default read in the update is the one the operation reads.
                #expect(values.analytics.serial == values[PureKey.self])
            }
            let many = #line + 1
            withDependencies {
                $0.service = Service("stub")
                $0.liveOnly = "live"
                $0[TestingOnlyKey.self] = "testing"
                $0[BaseNumberKey.self] = 1
                $0[PureKey.self] = 2
                // A read past four overrides builds the scope's map.
                $0[PureKey.self] = $0[BaseNumberKey.self] + 1
                $0.store = Store()
            } operation: {
                let lines = DependencyValues.current.overridesDescription.split(separator: "\n")
                #expect(lines.count == 6)
                #expect(lines.allSatisfy { $0.contains("overridden at \(file):\(many), in this scope") })
            }
            let replaced = #line + 1
            withDependencies {
                $0.service = Service("first")
                _ = $0.analytics
                $0.service = Service("second")
            } operation: {
                // The update replaced its own value: what the scope shows hides only the default.
                #expect(
                    DependencyValues.current.overridesDescription == """
                        ServiceKey = Service(second): overridden at \(file):\(replaced), in this scope; \
                        hides the testing default
                        """
                )
            }
        }
    }

    @Test func aModifierOverrideNamesTheLineOfTheModifier() {
        withFreshRoot {
            let line: UInt = #line
            let change = DependencyChange(\.service, Service("demo"), line: line)
            let values = DerivedDependencies().values(from: .current, applying: change)
            #expect(
                values.explain(\.service)?.description
                    == "ServiceKey = Service(demo): overridden at \(file):\(line), in this scope"
            )
            let unchanged = DerivedDependencies().values(from: .current, applying: DependencyChange({ _ in }))
            #expect(unchanged.storage === DependencyValues.current.storage)
        }
    }

    @Test func anOverrideSetOutsideWithDependenciesSaysSo() {
        withFreshRoot {
            var values = DependencyValues.current
            values.service = Service("by hand")
            #expect(
                values.explain(\.service)?.description
                    == "ServiceKey = Service(by hand): overridden by code that did not say where, in this scope"
            )
            #expect(DependencyValues.current.overridesDescription == "")
        }
    }

    @Test(arguments: [DependencyContext.testing, .preview])
    func cachedDefaultNamesItsContextRootAndFirstRead(context: DependencyContext) {
        withFreshRoot(context) {
            _ = SitedServiceReader().service
            let name = context == .testing ? "testing" : "preview"
            #expect(
                DependencyValues.current.explain(\.service)?.description
                    == "ServiceKey = Service(\(name)): default of the \(name) context, cached in the test root, "
                    + "created by the read at AmbientTests/Feature.swift:7"
            )
            #expect(
                DependencyValues.current.explain(\.service)?.source
                    == .cachedDefault(
                        context: context, root: "test root",
                        createdAt: .init(fileID: "AmbientTests/Feature.swift", line: 7)
                    )
            )
        }
    }

    @Test func defaultCreatedByAPlainReadHasNoFirstReadSite() {
        withFreshRoot(.default) {
            #expect(
                DependencyValues.current.explain(ServiceKey.self).description
                    == "ServiceKey = Service(live): default of the default context, cached in the test root"
            )
        }
    }

    @Test func defaultRebuiltAfterAnOverrideOfItsInputNamesTheInput() {
        withFreshRoot {
            _ = DependencyValues.current.analytics
            withDependencies {
                $0.service = Service("stub")
            } operation: {
                let provenance = DependencyValues.current.explain(\.analytics)
                #expect(provenance?.source == .rebuiltDefault(context: .testing, becauseOf: ["ServiceKey"]))
                #expect(
                    provenance?.description
                        == "AnalyticsKey = AmbientTests.Analytics: default of the testing context, rebuilt for these values because "
                        + "they override ServiceKey"
                )
            }
            #expect(
                DependencyValues.current.explain(\.analytics)?.source
                    == .cachedDefault(context: .testing, root: "test root", createdAt: nil)
            )
        }
    }

    @Test func aPropertyThatReadsNoKeyHasNoExplanation() {
        withFreshRoot {
            #expect(DependencyValues.current.explain(\.context) == nil)
        }
    }

    @Test func longValuesAreCutToOneShortLine() {
        #expect(DependencyValues.shortDescription(of: "a\nb") == "a b")
        #expect(DependencyValues.shortDescription(of: String(repeating: "x", count: 100)).count == 80)
    }
}

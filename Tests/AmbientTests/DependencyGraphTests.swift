import Testing

@testable import Ambient

/// A third key on top of the fixtures' chain: dashboard → analytics → service.
private enum DashboardKey: DependencyKey {
    static var defaultValue: String { make() }
    static var testingValue: String { make() }
    private static func make() -> String { "dashboard of \(DependencyValues.current.analytics.service.name)" }
}

extension DependencyValues {
    fileprivate var dashboard: String { self[DashboardKey.self] }
}

@Suite struct DependencyGraphTests {
    @Test func aThreeKeyGraphExportsAsDotAndMermaid() {
        withFreshRoot {
            _ = DependencyValues.current.dashboard
            let graph = DependencyValues.current.dependencyGraph
            #expect(
                graph.edges == [
                    .init(from: "AnalyticsKey", to: "ServiceKey"), .init(from: "DashboardKey", to: "AnalyticsKey"),
                ]
            )
            #expect(
                graph.dot == """
                    digraph Dependencies {
                        "AnalyticsKey";
                        "DashboardKey";
                        "ServiceKey";
                        "AnalyticsKey" -> "ServiceKey";
                        "DashboardKey" -> "AnalyticsKey";
                    }
                    """
            )
            #expect(
                graph.mermaid == """
                    graph LR
                        AnalyticsKey
                        DashboardKey
                        ServiceKey
                        AnalyticsKey --> ServiceKey
                        DashboardKey --> AnalyticsKey
                    """
            )
        }
    }

    @Test func onlyKeysReadInTheValuesContextAppear() {
        let log = collectingReports {
            withFreshRoot {
                _ = DependencyValues.current.liveOnly
                withDependencies {
                    $0.context = .preview
                } operation: {
                    _ = DependencyValues.current.analytics
                }
                #expect(DependencyValues.current.dependencyGraph == DependencyGraph(keys: ["LiveOnlyKey"], edges: []))
            }
        }
        #expect(log.kinds == [.missingTestingValue])
    }

    @Test func namesThatAreNotIdentifiersAreQuotedAndLabelled() {
        let graph = DependencyGraph(keys: [], edges: [.init(from: "Outer.Key", to: "Say\"Hi\"")])
        #expect(graph.dot.contains(#""Outer.Key" -> "Say\"Hi\"";"#))
        #expect(graph.mermaid.contains(#"Outer_Key["Outer.Key"] --> Say_Hi_["Say#quot;Hi#quot;"]"#))
    }
}

import Foundation
import Testing

@testable import Ambient

@Suite struct DependencyScenariosTests {
    @Test(
        arguments: [
            (["App", "-AmbientScenario", "emptyInbox"], [:], "emptyInbox"),
            (["App"], ["AMBIENT_SCENARIO": "offline"], "offline"),
            (["App", "-AmbientScenario", "emptyInbox"], ["AMBIENT_SCENARIO": "offline"], "emptyInbox"),
            (["App", "-AmbientScenario", ""], ["AMBIENT_SCENARIO": "offline"], "offline"),
            (["App", "-AmbientScenario"], [:], nil),
            (["App"], ["AMBIENT_SCENARIO": ""], nil),
            (["App", "emptyInbox"], [:], nil),
        ] as [([String], [String: String], String?)])
    func launchArgumentNamesTheScenarioElseTheVariable(
        arguments: [String],
        environment: [String: String],
        name: String?
    ) {
        #expect(LaunchScenario.name(arguments: arguments, environment: environment) == name)
    }

    @Test func namedScenarioIsAppliedToTheRootOnTopOfTheLaunchValues() {
        withFreshRoot {
            let applied = prepareDependencies(
                scenarios: [
                    "demo": { $0.liveOnly = "demo" },
                    "other": { $0.service = Service("other") },
                ],
                named: "demo"
            ) {
                $0.liveOnly = "launch"
                $0.service = Service("launch")
            }
            #expect(applied == "demo")
            #expect(DependencyValues.current.liveOnly == "demo")
            #expect(DependencyValues.current.service.name == "launch")
            #expect(DependencyValues().liveOnly == "demo")
            // A default built from the root's values sees the scenario's overrides too.
            #expect(DependencyValues.current.analytics.service.name == "launch")
        }
    }

    @Test func withoutANameOnlyTheLaunchValuesAreSet() {
        withFreshRoot {
            let applied = prepareDependencies(scenarios: ["demo": { $0.liveOnly = "demo" }], named: nil) {
                $0.liveOnly = "launch"
            }
            #expect(applied == nil)
            #expect(DependencyValues.current.liveOnly == "launch")
        }
    }

    @Test func unknownScenarioStopsTheProcessWithOneLineThatListsTheKnownOnes() async {
        let result = await #expect(processExitsWith: .exitCode(1), observing: [\.standardErrorContent]) {
            prepareDependencies(scenarios: ["offline": { _ in }, "emptyInbox": { _ in }], named: "emptyInbx")
        }
        #expect(
            result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }
                == "Ambient: no scenario is named 'emptyInbx'; the known ones are: emptyInbox, offline. Stopping.\n")
    }
}

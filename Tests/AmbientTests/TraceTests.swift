import Testing

@testable import Ambient

@Suite struct TraceTests {
    private let file = "AmbientTests/TraceTests.swift"

    @Test func scopesEnteredAndDefaultsCreatedEachGiveOneLine() {
        var outer = 0
        var inner = 0
        var preview = 0
        var empty = 0
        let lines = Trace.collecting {
            withFreshRoot {
                _ = SitedServiceReader().service
                outer = #line + 1
                withDependencies {
                    $0.liveOnly = "stub"
                } operation: {
                    _ = DependencyValues.current.analytics
                    inner = #line + 1
                    withDependencies {
                        $0.service = Service("stub")
                    } operation: {
                        _ = DependencyValues.current.analytics
                        _ = DependencyValues.current.analytics
                    }
                }
                preview = #line + 1
                withDependencies {
                    $0.context = .preview
                } operation: {
                }
                empty = #line + 1
                withDependencies { _ in
                } operation: {
                }
            }
        }
        #expect(
            lines == [
                "ambient: created ServiceKey (default of the testing context, test root) for the read at AmbientTests/Feature.swift:7",
                "ambient: entered scope at \(file):\(outer) (overrides LiveOnlyKey)",
                "ambient: created AnalyticsKey (default of the testing context, test root)",
                "ambient: entered scope at \(file):\(inner) (overrides ServiceKey)",
                "ambient: created AnalyticsKey (default of the testing context, rebuilt for a scope that overrides what it reads)",
                "ambient: entered scope at \(file):\(preview) (context preview)",
                "ambient: entered scope at \(file):\(empty) (sets nothing)",
            ]
        )
    }

    /// A read in the update that rebuilds a default for the scope freezes its node, and the writes after it go to a
    /// node that carries on the scope: the line names every override the scope sets.
    @Test func aScopeWhoseUpdateReadsARebuiltDefaultNamesEveryOverride() {
        var line = 0
        let lines = Trace.collecting {
            withFreshRoot {
                line = #line + 1
                withDependencies {
                    $0.service = Service("stub")
                    _ = $0.analytics
                    $0.liveOnly = "stub"
                } operation: {
                }
            }
        }
        #expect(lines.last == "ambient: entered scope at \(file):\(line) (overrides ServiceKey, LiveOnlyKey)")
    }

    @Test func aTaskThatEntersNoScopeAndCreatesNothingCollectsNoLines() {
        let lines = withFreshRoot { Trace.collecting { _ = DependencyValues.current.context } }
        #expect(lines.isEmpty)
    }

    @Test(arguments: [(["AMBIENT_TRACE": "1"], true), (["AMBIENT_TRACE": "0"], false), ([:], false)])
    func theEnvironmentTurnsTracingOn(environment: [String: String], isOn: Bool) {
        #expect(TraceSwitch.isRequested(by: environment) == isOn)
        withSwitchOfItsOwn { traceSwitch in
            traceSwitch.toStandardError = TraceSwitch.isRequested(by: environment)
            #expect((traceSwitch.word.loadRelaxed() != 0) == isOn)
        }
    }

    /// Runs `body` with a switch whose word is a local variable, so that the process's switch is left alone.
    private func withSwitchOfItsOwn(_ body: (TraceSwitch) -> Void) {
        var word: UInt = 0
        withUnsafeMutablePointer(to: &word) { body(TraceSwitch(word: AtomicWord(address: $0))) }
    }

    @Test func aSwitchCountsCollectorsApartFromStandardError() {
        withSwitchOfItsOwn { traceSwitch in
            traceSwitch.addCollectors(2)
            traceSwitch.toStandardError = true
            traceSwitch.addCollectors(-2)
            #expect(traceSwitch.word.loadRelaxed() != 0 && traceSwitch.toStandardError)
            traceSwitch.toStandardError = false
            #expect(traceSwitch.word.loadRelaxed() == 0)
        }
    }

    /// Reads the service through a `@Dependency` whose file name holds a terminal escape.
    private struct EscapingSiteReader {
        @Dependency(\.service, fileID: "App/Evil\u{1B}[2J\nambient: forged.swift", line: 7) var service
    }

    @Test func aNameWithControlCharactersIsTracedOnOneLineWithThemEscaped() {
        let lines = withFreshRoot { Trace.collecting { _ = EscapingSiteReader().service } }
        #expect(
            lines == [
                #"ambient: created ServiceKey (default of the testing context, test root) for the read at "#
                    + #"App/Evil\e[2J\nambient: forged.swift:7"#
            ])
    }
}

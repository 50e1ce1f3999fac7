import Testing

@testable import Ambient

@Suite struct TraceTests {
    private let file = "AmbientTests/TraceTests.swift"

    /// The trace lines a child process wrote to standard error, where a trace goes.
    private static func lines(_ result: ExitTest.Result?) -> [String] {
        let text = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        return text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("ambient: ") }
    }

    /// Enters the scopes `scopesEnteredAndDefaultsCreatedEachGiveOneLine` traces, in a fresh root, and returns the
    /// line of each `withDependencies`: the test runs it untraced to learn them, and traced in a child process.
    private static func enterScopes() -> [Int] {
        var lines: [Int] = []
        withFreshRoot {
            _ = SitedServiceReader().service
            lines.append(#line + 1)
            withDependencies {
                $0.liveOnly = "stub"
            } operation: {
                _ = DependencyValues.current.analytics
                lines.append(#line + 1)
                withDependencies {
                    $0.service = Service("stub")
                } operation: {
                    _ = DependencyValues.current.analytics
                    _ = DependencyValues.current.analytics
                }
            }
            lines.append(#line + 1)
            withDependencies {
                $0.context = .preview
            } operation: {
            }
            lines.append(#line + 1)
            withDependencies { _ in
            } operation: {
            }
        }
        return lines
    }

    /// The line of every scope that `scenario` enters (0: ``enterScopes()``, 1: ``enterScopeThatReadsInItsUpdate()``),
    /// run here untraced, and the trace it writes, run traced in a child process.
    private static func trace(ofScenario scenario: Int) async -> (scopeLines: [Int], lines: [String]) {
        let scopeLines = scenario == 0 ? enterScopes() : [enterScopeThatReadsInItsUpdate()]
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) { [scenario] in
            DependencyTrace.start()
            _ = scenario == 0 ? Self.enterScopes() : [Self.enterScopeThatReadsInItsUpdate()]
        }
        return (scopeLines, lines(result))
    }

    @Test func scopesEnteredAndDefaultsCreatedEachGiveOneLine() async {
        let (line, lines) = await Self.trace(ofScenario: 0)
        #expect(
            lines == [
                "ambient: created ServiceKey (default of the testing context, test root) for the read at AmbientTests/Feature.swift:7",
                "ambient: entered scope at \(file):\(line[0]) (overrides LiveOnlyKey)",
                "ambient: created AnalyticsKey (default of the testing context, test root)",
                "ambient: entered scope at \(file):\(line[1]) (overrides ServiceKey)",
                "ambient: created AnalyticsKey (default of the testing context, rebuilt for a scope that overrides what it reads)",
                "ambient: entered scope at \(file):\(line[2]) (context preview)",
                "ambient: entered scope at \(file):\(line[3]) (sets nothing)",
            ]
        )
    }

    /// Enters, in a fresh root, a scope whose update reads a default rebuilt for it; returns the scope's line.
    private static func enterScopeThatReadsInItsUpdate() -> Int {
        withFreshRoot {
            let line = #line + 1
            withDependencies {
                $0.service = Service("stub")
                _ = $0.analytics
                $0.liveOnly = "stub"
            } operation: {
            }
            return line
        }
    }

    /// A read in the update that rebuilds a default for the scope freezes its node, and the writes after it go to a
    /// node that carries on the scope: the line names every override the scope sets.
    @Test func aScopeWhoseUpdateReadsARebuiltDefaultNamesEveryOverride() async {
        let (line, lines) = await Self.trace(ofScenario: 1)
        #expect(lines.last == "ambient: entered scope at \(file):\(line[0]) (overrides ServiceKey, LiveOnlyKey)")
    }

    @Test func aProgramThatEntersNoScopeAndCreatesNothingTracesNoLines() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            DependencyTrace.start()
            withFreshRoot { _ = DependencyValues.current.context }
        }
        #expect(Self.lines(result).isEmpty)
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

    @Test func aSwitchTurnsOffAsItTurnsOn() {
        withSwitchOfItsOwn { traceSwitch in
            traceSwitch.toStandardError = true
            #expect(traceSwitch.word.loadRelaxed() != 0 && traceSwitch.toStandardError)
            traceSwitch.toStandardError = false
            #expect(traceSwitch.word.loadRelaxed() == 0)
        }
    }

    /// Reads the service through a `@Dependency` whose file name holds a terminal escape.
    private struct EscapingSiteReader {
        @Dependency(\.service, fileID: "App/Evil\u{1B}[2J\nambient: forged.swift", line: 7) var service
    }

    @Test func aNameWithControlCharactersIsTracedOnOneLineWithThemEscaped() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            DependencyTrace.start()
            withFreshRoot { _ = EscapingSiteReader().service }
        }
        #expect(
            Self.lines(result) == [
                #"ambient: created ServiceKey (default of the testing context, test root) for the read at "#
                    + #"App/Evil\e[2J\nambient: forged.swift:7"#
            ])
    }
}

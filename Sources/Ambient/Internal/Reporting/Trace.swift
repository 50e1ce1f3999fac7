import AmbientAtomics

/// Whether trace lines go to standard error, read on every scope entry with one relaxed load.
///
/// The word is 1 while tracing is on (`AMBIENT_TRACE=1` or ``DependencyTrace/start()``). Zero, the usual case, means
/// nothing is traced and nothing more is looked at.
struct TraceSwitch: @unchecked Sendable {
    // Safe: `word` is only reached through atomic operations, and its address never moves: the process's switch is
    // a C global, and a test's switch lives as long as the test that uses it.

    /// The switch's word: `ambient_trace_switch` for the process's (a C global: no `swift_once` to read).
    let word: AtomicWord

    /// The process's switch; set, from `AMBIENT_TRACE`, with the process's values, before any scope is entered.
    static let shared: TraceSwitch = {
        let shared = TraceSwitch(word: AtomicWord(address: ambient_trace_switch_address()))
        shared.toStandardError = isRequested(by: ProcessEnvironment.variables)
        return shared
    }()

    /// Whether the environment asks for a trace: `AMBIENT_TRACE=1`.
    static func isRequested(by environment: [String: String]) -> Bool {
        environment["AMBIENT_TRACE"] == "1"
    }

    /// Whether lines go to standard error.
    var toStandardError: Bool {
        get { word.loadRelaxed() != 0 }
        nonmutating set { word.storeRelaxed(newValue ? 1 : 0) }
    }
}

/// The trace lines: one per scope entered and one per default created.
enum Trace {
    /// Whether any trace line is wanted anywhere; the only cost of tracing when it is off: one relaxed load of the
    /// process's switch, a C global.
    @inline(__always)
    static var isOn: Bool { AtomicWord(address: ambient_trace_switch_address()).loadRelaxed() != 0 }

    /// `ambient: entered scope at App/File.swift:12 (overrides APIKey, ClockKey)`.
    ///
    /// - Parameters:
    ///   - values: The scope's values.
    ///   - outerContext: The context of the values it was opened in.
    ///   - layer: The overrides the scope sets (none when its update replaced the values it was given).
    ///   - site: Where the scope is written.
    static func enteredScope(
        _ values: DependencyValues,
        insideContext outerContext: DependencyContext,
        setting layer: [Override],
        at site: CallSite?
    ) {
        var changes: [String] = []
        if values.context != outerContext { changes.append("context \(values.context.id)") }
        let keys = layer.map { "\($0.keyType)" }
        if !keys.isEmpty { changes.append("overrides " + keys.joined(separator: ", ")) }
        let place = site.map { "at \($0.location)" } ?? "at an unknown place"
        emit("entered scope \(place) (" + (changes.isEmpty ? "sets nothing" : changes.joined(separator: "; ")) + ")")
    }

    /// `ambient: created APIKey (default of the testing context, test root) for the read at App/File.swift:8`.
    static func created(
        _ key: any DependencyKey.Type,
        context: DependencyContext,
        in root: Root,
        rebuilt: Bool,
        readAt site: DeclarationSite?
    ) {
        let owner =
            rebuilt
            ? "rebuilt for a scope that overrides what it reads" : (root.isProcess ? "process root" : "test root")
        let read = site.map { " for the read at \($0)" } ?? ""
        emit("created \(key) (default of the \(context.id) context, \(owner))" + read)
    }

    private static func emit(_ line: String) {
        // One line each, by construction: a control character in it can only come from a name it echoes.
        guard TraceSwitch.shared.toStandardError else { return }
        ProcessEnvironment.writeToStandardError("ambient: " + VisibleText.escaping(line) + "\n")
    }
}

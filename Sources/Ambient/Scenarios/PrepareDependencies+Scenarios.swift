import Foundation

/// Sets the process's dependencies at launch, then the overrides of the scenario the launch names.
///
/// Register every scenario a UI test may start the app on, each a set of overrides, in this one call where the app
/// starts, before anything reads a dependency. The scenario named by ``LaunchScenario/name(arguments:environment:)``
/// (`-AmbientScenario <name>` or `AMBIENT_SCENARIO=<name>`) is applied on top of `update`, to the root, so every
/// scope and view starts on it. It works in release builds too, which is what UI tests run.
///
/// ```swift
/// @main
/// struct MailApp: App {
///     init() {
///         prepareDependencies(scenarios: [
///             "emptyInbox": { $0.mailbox = .inMemory([]) },
///             "offline": { $0.mailbox = .failing(.offline) },
///         ]) {
///             $0.mailbox = .live(server: Config.server)
///         }
///     }
///     var body: some Scene { ... }
/// }
/// ```
///
/// A name that no scenario has stops the process: one line on standard error lists the known names, and it exits
/// with status 1, so a UI test with a misspelt name fails at launch rather than running against the live values.
///
/// - Parameters:
///   - scenarios: The overrides of each scenario, by name.
///   - name: The scenario to apply, or `nil` for none. Defaults to the one the launch names.
///   - update: Sets the values of every launch, as ``prepareDependencies(_:)`` does; the scenario's overrides win.
/// - Returns: The name of the scenario applied, or `nil` when the launch named none.
@discardableResult
public func prepareDependencies(
    scenarios: [String: (inout DependencyValues) -> Void],
    named name: String? = LaunchScenario.name(),
    _ update: (inout DependencyValues) -> Void = { _ in }
) -> String? {
    if let name, scenarios[name] == nil {
        let known = scenarios.keys.sorted().joined(separator: ", ")
        let message = "Ambient: no scenario is named '\(name)'; the known ones are: \(known.isEmpty ? "none" : known)."
        FileHandle.standardError.write(Data((message + " Stopping.\n").utf8))
        exit(1)
    }
    prepareDependencies {
        update(&$0)
        if let name { scenarios[name]?(&$0) }
    }
    return name
}

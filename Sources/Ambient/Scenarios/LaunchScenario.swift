public import Foundation

/// Where a process is told which scenario to start on: a launch argument or an environment variable.
///
/// A UI test names a scenario when it launches the app, and ``prepareDependencies(scenarios:named:_:)`` finds the
/// name here by default:
///
/// ```swift
/// let app = XCUIApplication()
/// app.launchArguments = ["-AmbientScenario", "emptyInbox"]  // or
/// app.launchEnvironment = ["AMBIENT_SCENARIO": "emptyInbox"]
/// app.launch()
/// ```
public enum LaunchScenario {
    /// The launch argument that names a scenario, followed by the name: `-AmbientScenario emptyInbox`.
    public static let argument = "-AmbientScenario"

    /// The environment variable that names a scenario when no launch argument does: `AMBIENT_SCENARIO=emptyInbox`.
    public static let environmentVariable = "AMBIENT_SCENARIO"

    /// The scenario that `arguments` or `environment` name, or `nil` when neither names one.
    ///
    /// The argument wins over the variable; an empty name counts as none.
    ///
    /// ```swift
    /// LaunchScenario.name(arguments: ["MyApp", "-AmbientScenario", "emptyInbox"], environment: [:])  // "emptyInbox"
    /// ```
    ///
    /// - Parameters:
    ///   - arguments: The process's arguments, the program's path first.
    ///   - environment: The process's environment.
    /// - Returns: The scenario's name, if one is given.
    public static func name(
        arguments: [String] = CommandLine.arguments,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        let fromArgument = arguments.firstIndex(of: argument).flatMap { index in
            arguments.indices.contains(index + 1) ? arguments[index + 1] : nil
        }
        return [fromArgument, environment[environmentVariable]].lazy.compactMap { $0 }.first { !$0.isEmpty }
    }
}

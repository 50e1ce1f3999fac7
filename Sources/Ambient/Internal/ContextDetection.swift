/// The rules that pick a process's ``DependencyContext``, as a pure function of its environment and arguments.
enum ContextDetection {
    /// The environment variable that chooses the context explicitly.
    static let variable = "AMBIENT_CONTEXT"

    /// The outcome of a detection: the context, and a message to print when `AMBIENT_CONTEXT` held nonsense.
    struct Result: Equatable {
        var context: DependencyContext
        var warning: String?
    }

    static func detect(environment: [String: String], arguments: [String]) -> Result {
        let detected = detectedContext(environment: environment, arguments: arguments)
        guard let requested = environment[variable] else {
            return Result(context: detected)
        }
        switch requested.lowercased() {
        case "default": return Result(context: .default)
        case "preview": return Result(context: .preview)
        case "testing": return Result(context: .testing)
        default:
            return Result(
                context: detected,
                warning: """
                    Ambient: AMBIENT_CONTEXT="\(requested)" is not a dependency context. Use "default", "preview" or \
                    "testing", or unset it. Ignoring it; this process runs in the \(detected) context.
                    """
            )
        }
    }

    private static func detectedContext(environment: [String: String], arguments: [String]) -> DependencyContext {
        if environment["XCODE_RUNNING_FOR_PREVIEWS"] == "1" {
            return .preview
        }
        // Xcode sets these for XCTest and Swift Testing bundles alike.
        let xcodeTestVariables = ["XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestSessionIdentifier"]
        if xcodeTestVariables.contains(where: { environment[$0] != nil }) {
            return .testing
        }
        // `swift test` runs `<Package>PackageTests.xctest` on Linux and Windows, and `xctest` or
        // `swiftpm-testing-helper` on macOS; Swift Testing is asked for with `--testing-library`.
        let executable = arguments.first.map(lastPathComponent) ?? ""
        if executable.hasSuffix(".xctest") || executable == "xctest" || executable == "swiftpm-testing-helper" {
            return .testing
        }
        if arguments.contains("--testing-library") {
            return .testing
        }
        return .default
    }

    private static func lastPathComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}

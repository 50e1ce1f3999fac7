import Foundation
import Testing

@testable import Ambient

@Suite struct ContextDetectionTests {
    /// Signs of a test run: each means testing when a test framework is loaded, and nothing when none is.
    static let testRunSigns: [(environment: [String: String], arguments: [String])] = [
        (["XCTestConfigurationFilePath": "/tmp/x.xctestconfiguration"], ["/x/App"]),
        (["XCTestBundlePath": "/x/AppTests.xctest"], ["/x/App"]),
        (["XCTestSessionIdentifier": "A1"], ["/x/App"]),
        ([:], ["/p/.build/debug/AmbientPackageTests.xctest"]),
        ([:], ["/p/.build/debug/AmbientPackageTests.xctest", "--testing-library", "swift-testing"]),
        ([:], ["/usr/bin/xctest", "/p/.build/debug/AmbientPackageTests.xctest"]),
        ([:], ["/usr/libexec/swift/pm/swiftpm-testing-helper", "--test-bundle-path", "x"]),
        ([:], ["/usr/bin/todos", "add", "--", "--testing-library"]),
    ]

    @Test(arguments: testRunSigns)
    func aSignOfATestRunMeansTestingWhenATestFrameworkIsLoaded(environment: [String: String], arguments: [String]) {
        let result = ContextDetection.detect(
            environment: environment, arguments: arguments, testFrameworkIsLoaded: true)
        #expect(result.context == .testing && result.warning == nil)
    }

    @Test(arguments: testRunSigns)
    func aSignOfATestRunAloneIsTheDefaultContext(environment: [String: String], arguments: [String]) {
        let result = ContextDetection.detect(
            environment: environment, arguments: arguments, testFrameworkIsLoaded: false)
        #expect(result.context == .default && result.warning == nil)
    }

    static let cases:
        [(environment: [String: String], arguments: [String], loaded: Bool, expected: DependencyContext)] =
            [
                ([:], ["/usr/bin/todos"], false, .default),
                // A loaded framework without a sign of a test run: an app that links a test helper by mistake.
                ([:], ["/usr/bin/todos"], true, .default),
                (["XCODE_RUNNING_FOR_PREVIEWS": "1"], ["/x/Previews"], false, .preview),
                (["XCODE_RUNNING_FOR_PREVIEWS": "1"], ["/x/Previews"], true, .preview),
                (["XCODE_RUNNING_FOR_PREVIEWS": "0"], ["/usr/bin/app"], false, .default),
                (["AMBIENT_CONTEXT": "default"], ["/p/AmbientPackageTests.xctest"], true, .default),
                (["AMBIENT_CONTEXT": "preview"], ["/usr/bin/todos"], false, .preview),
                (["AMBIENT_CONTEXT": "testing"], ["/usr/bin/todos"], false, .testing),
                (["AMBIENT_CONTEXT": "Preview"], ["/usr/bin/todos"], false, .preview),
                (["AMBIENT_CONTEXT": "preview", "XCODE_RUNNING_FOR_PREVIEWS": "1"], ["/x"], false, .preview),
            ]

    @Test(arguments: cases)
    func detectsTheContextFromEnvironmentArgumentsAndLoadedFrameworks(
        environment: [String: String],
        arguments: [String],
        loaded: Bool,
        expected: DependencyContext
    ) {
        let result = ContextDetection.detect(
            environment: environment, arguments: arguments, testFrameworkIsLoaded: loaded)
        #expect(result.context == expected)
        #expect(result.warning == nil)
    }

    @Test func theTestFrameworksOfThisProcessAreFound() {
        // This process is a test runner: at least one of the symbols must resolve, or detection never says testing.
        #expect(ContextDetection.testFrameworkIsLoaded())
        #expect(ContextDetection.detect(environment: [:], arguments: CommandLine.arguments).context == .testing)
    }

    @Test func unknownAmbientContextIsReportedAndIgnored() {
        let result = ContextDetection.detect(
            environment: ["AMBIENT_CONTEXT": "demo"],
            arguments: ["/p/AmbientPackageTests.xctest"],
            testFrameworkIsLoaded: true
        )
        #expect(result.context == .testing)
        #expect(
            result.warning == """
                Ambient: AMBIENT_CONTEXT="demo" is not a dependency context. Use "default", "preview" or \
                "testing", or unset it. Ignoring it; this process runs in the Testing context.
                """
        )
    }

    @Test func unknownAmbientContextIsPrintedOnceWhenTheProcessStarts() async {
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            // NB: exit tests run in a child process; `setenv` changes only that child.
            ProcessEnvironmentOverride.set("AMBIENT_CONTEXT", "sometimes")
            _ = DependencyContext.current
            _ = DependencyContext.current
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.components(separatedBy: "AMBIENT_CONTEXT=\"sometimes\"").count == 2)
            #expect(text.contains("Ignoring it; this process runs in the Testing context."))
        }
    }
}

import Foundation
import Testing

@testable import Ambient

@Suite struct ContextDetectionTests {
    static let cases: [(environment: [String: String], arguments: [String], expected: DependencyContext)] = [
        ([:], ["/usr/bin/todos"], .default),
        (["XCODE_RUNNING_FOR_PREVIEWS": "1"], ["/x/Previews"], .preview),
        (["XCODE_RUNNING_FOR_PREVIEWS": "0"], ["/usr/bin/app"], .default),
        (["XCTestConfigurationFilePath": "/tmp/x.xctestconfiguration"], ["/x/App"], .testing),
        (["XCTestBundlePath": "/x/AppTests.xctest"], ["/x/App"], .testing),
        (["XCTestSessionIdentifier": "A1"], ["/x/App"], .testing),
        ([:], ["/p/.build/debug/AmbientPackageTests.xctest"], .testing),
        ([:], ["/p/.build/debug/AmbientPackageTests.xctest", "--testing-library", "swift-testing"], .testing),
        ([:], ["/usr/bin/xctest", "/p/.build/debug/AmbientPackageTests.xctest"], .testing),
        ([:], ["/usr/libexec/swift/pm/swiftpm-testing-helper", "--test-bundle-path", "x"], .testing),
        (["AMBIENT_CONTEXT": "default"], ["/p/AmbientPackageTests.xctest"], .default),
        (["AMBIENT_CONTEXT": "preview"], ["/usr/bin/todos"], .preview),
        (["AMBIENT_CONTEXT": "testing"], ["/usr/bin/todos"], .testing),
        (["AMBIENT_CONTEXT": "Preview"], ["/usr/bin/todos"], .preview),
        (["AMBIENT_CONTEXT": "preview", "XCODE_RUNNING_FOR_PREVIEWS": "1"], ["/x"], .preview),
    ]

    @Test(arguments: cases)
    func detectsTheContextFromEnvironmentAndArguments(
        environment: [String: String],
        arguments: [String],
        expected: DependencyContext
    ) {
        let result = ContextDetection.detect(environment: environment, arguments: arguments)
        #expect(result.context == expected)
        #expect(result.warning == nil)
    }

    @Test func unknownAmbientContextIsReportedAndIgnored() {
        let result = ContextDetection.detect(
            environment: ["AMBIENT_CONTEXT": "demo"],
            arguments: ["/p/AmbientPackageTests.xctest"]
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

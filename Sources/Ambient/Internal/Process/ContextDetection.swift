#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The rules that pick a process's ``DependencyContext``, as a pure function of its environment, its arguments and
/// whether a test framework is loaded.
///
/// 1. `AMBIENT_CONTEXT` set to `default`, `preview` or `testing` (any case) wins; any other value is reported and
///    ignored.
/// 2. `XCODE_RUNNING_FOR_PREVIEWS=1` is ``DependencyContext/preview``.
/// 3. ``DependencyContext/testing`` needs two things: a sign of a test run (an Xcode test variable, a test-runner
///    executable, `--testing-library` among the arguments) *and* evidence that a test framework is really there:
///    XCTest or Swift Testing loaded in the process (``testFrameworkIsLoaded()``). A sign alone is only a string
///    that any program may be handed — `todos add -- --testing-library` — and a program that took it for a test run
///    would swap its live storage for an empty one in memory and drop what it was asked to save.
/// 4. Anything else is ``DependencyContext/default``.
enum ContextDetection {
    /// The context for a process with this environment and these arguments, and the warning to print when
    /// `AMBIENT_CONTEXT` held nonsense.
    ///
    /// - Parameters:
    ///   - environment: The process environment.
    ///   - arguments: The process arguments, the executable first.
    ///   - testFrameworkIsLoaded: Whether XCTest or Swift Testing is loaded in the process; the default asks the
    ///     dynamic linker, tests pass the fact in.
    static func detect(
        environment: [String: String],
        arguments: [String],
        testFrameworkIsLoaded: Bool = testFrameworkIsLoaded()
    ) -> (context: DependencyContext, warning: String?) {
        let detected: DependencyContext =
            if environment["XCODE_RUNNING_FOR_PREVIEWS"] == "1" {
                .preview
            } else if testFrameworkIsLoaded && showsATestRun(environment: environment, arguments: arguments) {
                .testing
            } else {
                .default
            }
        guard let requested = environment["AMBIENT_CONTEXT"] else { return (detected, nil) }
        // NB: a context's `id` is how the variable spells it.
        if let context = DependencyContext.allCases.first(where: { $0.id == requested.lowercased() }) {
            return (context, nil)
        }
        // NB: not `\(visible:)`, which .ci/darwin-typecheck's stand-ins for Ambient do not declare.
        let shown = VisibleText.escaping(requested)
        let warning = """
            Ambient: AMBIENT_CONTEXT="\(shown)" is not a dependency context. Use "default", "preview" or \
            "testing", or unset it. Ignoring it; this process runs in the \(detected) context.
            """
        return (detected, warning)
    }

    /// Whether the environment or the arguments look like a test run. Never enough on its own: see rule 3.
    private static func showsATestRun(environment: [String: String], arguments: [String]) -> Bool {
        // Xcode sets these for XCTest and Swift Testing bundles alike.
        let xcodeTestVariables = ["XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestSessionIdentifier"]
        // `swift test` runs `<Package>PackageTests.xctest` on Linux, and `xctest` or
        // `swiftpm-testing-helper` on macOS; Swift Testing is asked for with `--testing-library`.
        let executable = arguments.first?.split(separator: "/").last ?? ""
        return xcodeTestVariables.contains { environment[$0] != nil }
            || executable.hasSuffix(".xctest") || ["xctest", "swiftpm-testing-helper"].contains(executable)
            || arguments.contains("--testing-library")
    }

    /// Symbols that exist in a process only while a test framework is loaded in it (checked with `nm -D` against
    /// the Swift 6.3 toolchain's libraries):
    ///
    /// - `swt_abiv0_getEntryPoint`: Swift Testing's C entry point for tools, in `libTesting` (Swift 6.1 and later).
    /// - `$s7Testing4TestVN`: the type metadata of Swift Testing's `Test`, in every version of the library.
    /// - `$s6XCTest0A4CaseCN`: the class metadata of `XCTestCase` in swift-corelibs-xctest (Linux).
    /// - `OBJC_CLASS_$_XCTestCase`: the Objective-C class `XCTestCase` in Apple's XCTest.framework.
    static let testFrameworkSymbols = [
        "swt_abiv0_getEntryPoint", "$s7Testing4TestVN", "$s6XCTest0A4CaseCN", "OBJC_CLASS_$_XCTestCase",
    ]

    /// Whether XCTest or Swift Testing is loaded in this process: asks the dynamic linker for
    /// ``testFrameworkSymbols``.
    static func testFrameworkIsLoaded() -> Bool {
        #if canImport(Darwin)
            // NB: `RTLD_DEFAULT` is a C macro, `((void *) -2)`, that Swift does not import.
            let everyImage = UnsafeMutableRawPointer(bitPattern: -2)
            return testFrameworkSymbols.contains { dlsym(everyImage, $0) != nil }
        #else
            // NB: `RTLD_DEFAULT` is `((void *) 0)` in glibc and musl, behind `_GNU_SOURCE`, so Swift does not import it.
            return testFrameworkSymbols.contains { dlsym(nil, $0) != nil }
        #endif
    }
}

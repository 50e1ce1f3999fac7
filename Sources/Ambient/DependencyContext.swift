/// Which kind of value dependencies take when nothing overrides them: live, preview or testing.
///
/// Ambient detects the context once per process (``current``): SwiftUI previews run in ``preview``, test runners
/// (XCTest and Swift Testing, in Xcode or `swift test`) in ``testing``, everything else in ``default``. Set the
/// `AMBIENT_CONTEXT` environment variable to `default`, `preview` or `testing` to choose it yourself.
///
/// One scope can switch context for itself — a "demo mode" that shows preview data in the running app:
///
/// ```swift
/// withDependencies {
///     $0.context = .preview
/// } operation: {
///     DemoScreen().render()   // reads previewValue of every key it does not override
/// }
/// ```
public enum DependencyContext: Hashable, Identifiable, Sendable, CustomStringConvertible, CaseIterable {
    /// The running app: keys give their ``DependencyKey/defaultValue``.
    case `default`
    /// SwiftUI previews: keys give their ``DependencyKey/previewValue``.
    case preview
    /// Tests: keys give their ``DependencyKey/testingValue``.
    case testing

    /// The context detected for this process, once, on first use.
    ///
    /// `AMBIENT_CONTEXT` wins when it holds `default`, `preview` or `testing`; any other value is reported on
    /// standard error and ignored. Otherwise `XCODE_RUNNING_FOR_PREVIEWS=1` means ``preview``, a test runner means
    /// ``testing``, and anything else ``default``.
    public static let current: DependencyContext = {
        let detection = ContextDetection.detect(
            environment: ProcessEnvironment.variables,
            arguments: ProcessEnvironment.arguments
        )
        if let warning = detection.warning {
            ProcessEnvironment.writeToStandardError(warning + "\n")
        }
        return detection.context
    }()

    /// "default", "preview" or "testing": the context's stable name, as `AMBIENT_CONTEXT` spells it.
    ///
    /// Contexts are `Identifiable` by this name, so they can drive `ForEach` and pickers, and the name can be stored
    /// or logged:
    ///
    /// ```swift
    /// let id: String = DependencyValues.current.context.id   // "testing" in a test
    /// ```
    public var id: String {
        switch self {
        case .default: "default"
        case .preview: "preview"
        case .testing: "testing"
        }
    }

    /// "Default", "Preview" or "Testing".
    public var description: String { id.prefix(1).uppercased() + id.dropFirst() }
}

import Testing

@testable import Ambient

/// A call of an `unimplemented` endpoint that no test receives is a warning that says what is true where it was
/// made: no test called it there.
@Suite struct UnimplementedWarningTests {
    @Test(arguments: [
        (
            DependencyContext.testing,
            """
            Ambient: Feed.fetch is unimplemented in tests, and it was called in the testing context where no test \
            receives Ambient's failures (a process that does not link AmbientTesting, or a thread that carries no \
            test's values). Override it where it is called, for example \
            `withDependencies { $0.<client>.<endpoint> = { ... } }`.
            """
        ),
        (
            .preview,
            """
            Ambient: Feed.fetch is unimplemented in the preview values (a key's previewValue is its testingValue \
            unless it declares one), and it was called. Give the key a `static var previewValue` that implements it, \
            or override it where it is called, for example `withDependencies { $0.<client>.<endpoint> = { ... } }`.
            """
        ),
        (
            .default,
            """
            Ambient: Feed.fetch is unimplemented, and it was called with the live values. A key's defaultValue must \
            implement every endpoint: replace `unimplemented("Feed.fetch")` in it.
            """
        ),
    ])
    func warningWhereNoTestRunsSaysWhatIsTrueInTheContext(context: DependencyContext, warning: String) {
        #expect(Messages.unimplemented("Feed.fetch", calledIn: context) == warning)
        #expect(!warning.contains("this test"))
    }
}

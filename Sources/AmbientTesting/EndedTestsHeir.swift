import Ambient

/// The heir of every test's root: where a value that outlived its test reads what it does not hold once the test's
/// root was freed (Semantics: "A first read after the end belongs to the reader").
///
/// One root for every ended test, never freed: what work left running after its test creates there is created once,
/// and no running test's values (nor the process's, which reads outside every test get) ever see it.
enum EndedTestsHeir {
    static let values = DependencyValues._freshRoot(context: .testing)

    /// The values of a new root for one test, reporting to `reporter`.
    static func freshRoot(reporter: TestIssueReporter) -> DependencyValues {
        DependencyValues._freshRoot(context: .testing, reporter: reporter, heir: values)
    }
}

/// A key for a family of dependencies: one instance per argument, such as an image loader per URL or a repository
/// per account.
///
/// Declare the member for an argument in each context, as a ``DependencyKey`` declares its value, and expose the
/// family as a ``DependencyValues`` property. A read hands out the same member for the same argument:
///
/// ```swift
/// private enum ImageLoaderKey: DependencyFamilyKey {
///     static func defaultValue(for url: URL) -> ImageLoader { ImageLoader(url: url) }
///     static func testingValue(for url: URL) -> ImageLoader { ImageLoader(url: url, data: Data()) }
/// }
///
/// extension DependencyValues {
///     var imageLoader: DependencyFamily<URL, ImageLoader> {
///         get { self[ImageLoaderKey.self] }
///         set { self[ImageLoaderKey.self] = newValue }
///     }
/// }
///
/// let loader = DependencyValues.current.imageLoader[url]
/// ```
///
/// The key is not a ``DependencyKey``: Ambient keeps, per root and scope, the members it created and what scopes set,
/// and the ``DependencyValues`` subscript that takes the key returns them as a ``DependencyFamily``. A member is
/// created in the values of the scope that reads it, so a member that reads another dependency, such as a base URL,
/// follows that scope's override of it; ``DependencyFamily`` says which members it keeps, which scopes share them, and
/// how a scope overrides one of them or all.
///
/// In tests, a family whose key declares no `testingValue(for:)` creates its member with `defaultValue(for:)` and
/// fails the test, naming the key and the argument, as any key without a testing value does.
public protocol DependencyFamilyKey: SendableMetatype {
    /// What tells the members apart: a URL, an account ID.
    associatedtype Argument: Hashable & Sendable
    /// The type of a member.
    associatedtype Member: Sendable

    /// The member for `argument` in the running app (``DependencyContext/default``).
    static func defaultValue(for argument: Argument) -> Member

    /// The member for `argument` in SwiftUI previews. Defaults to ``testingValue(for:)`` when the key declares one,
    /// else to ``defaultValue(for:)``.
    static func previewValue(for argument: Argument) -> Member

    /// The member for `argument` in tests. Defaults to ``defaultValue(for:)``, and the test that reads it fails.
    static func testingValue(for argument: Argument) -> Member
}

extension DependencyFamilyKey {
    /// The key's ``testingValue(for:)`` if it declares one, else its ``defaultValue(for:)``.
    public static func previewValue(for argument: Argument) -> Member {
        MissingTestingValue.$isSuppressed.withValue(true) { testingValue(for: argument) }
    }

    /// The key's ``defaultValue(for:)``, with a report that the key has no testing value of its own.
    public static func testingValue(for argument: Argument) -> Member {
        if !MissingTestingValue.isSuppressed {
            // NB: the member is read through the family's subscript, which does not know the property that reads the
            // key, so the message names the key instead of an assignment.
            let (key, shown) = (VisibleText.of(Self.self), VisibleText.of(argument))
            let message = """
                Ambient: \(key) has no testingValue(for:), so this test created its member for \(shown) with \
                defaultValue(for:) (the live value). Override the member for \(shown) in the test, through the \
                DependencyValues property that reads \(key) (in `withDependencies` or the test's `.dependencies` \
                trait), or give \(key) a `static func testingValue(for:)`.
                """
            IssueReporting.report(.missingTestingValue, message, to: IssueReporting.reporterForCurrentValues)
        }
        return defaultValue(for: argument)
    }
}

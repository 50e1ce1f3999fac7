/// A key for a dependency, with the value it has when nothing overrides it.
///
/// Declare a key the way you declare a SwiftUI environment key, then expose it as a property on
/// ``DependencyValues``. The key chooses its value by the ``DependencyContext`` it is read in: the app gets
/// ``defaultValue``, SwiftUI previews get ``previewValue``, and tests get ``testingValue``.
///
/// ```swift
/// private struct APIKey: DependencyKey {
///     static var defaultValue: any API { LiveAPI() }
///     static var previewValue: any API { PreviewAPI() }
///     static var testingValue: any API { TestAPI() }
/// }
///
/// extension DependencyValues {
///     var api: any API {
///         get { self[APIKey.self] }
///         set { self[APIKey.self] = newValue }
///     }
/// }
/// ```
///
/// Each value is created once per root, on its first read, and that instance is returned afterwards (see
/// <doc:LifetimesAndCaching>). A value may be built from other dependencies: while it is created,
/// ``DependencyValues/current`` holds the values it is being read from.
///
/// A type whose ``Value`` is the type itself is a *type key*: read it with `@Dependency(MyClient.self)`, no
/// ``DependencyValues`` property needed.
///
/// ```swift
/// struct Clock: DependencyKey, Sendable {
///     var now: @Sendable () -> Date
///     static var defaultValue: Clock { Clock(now: { Date() }) }
///     static var testingValue: Clock { Clock(now: { Date(timeIntervalSince1970: 0) }) }
/// }
/// ```
///
/// A key whose live value lives in another module — an interface module that features import, and a live module that
/// only the app links — declares its testing and preview values with ``TestDependencyKey``, which this protocol
/// refines, and its live module adds the conformance to `DependencyKey`.
public protocol DependencyKey: TestDependencyKey {
    /// The type of the dependency's value. A type key leaves it as `Self`.
    ///
    /// NB: restated from ``TestDependencyKey``, so that it is inferred from ``defaultValue``'s type.
    associatedtype Value: Sendable = Self

    /// The value in the running app (``DependencyContext/default``): usually the live implementation.
    /// (A key ported from swift-dependencies that stops here declares `liveValue`: rename it `defaultValue`.)
    static var defaultValue: Value { get }

    /// The value in SwiftUI previews (``DependencyContext/preview``).
    ///
    /// Defaults to ``testingValue`` when the key declares one, else to ``defaultValue``.
    static var previewValue: Value { get }

    /// The value in tests (``DependencyContext/testing``).
    ///
    /// Defaults to ``defaultValue``, and a test that then reads the key fails under `AmbientTesting` (without it, it
    /// is warned once per key on standard error), because a live value in a test is usually a mistake. When the
    /// default is safe in tests — a pure formatter, a constant — say so by declaring
    /// `static var testingValue: Value { defaultValue }`.
    static var testingValue: Value { get }
}

extension DependencyKey {
    /// The key's ``testingValue`` if it declares one, else its ``defaultValue``.
    public static var previewValue: Value {
        MissingTestingValue.$isSuppressed.withValue(true) { testingValue }
    }

    /// The key's ``defaultValue``, with a report that the key has no testing value of its own.
    public static var testingValue: Value {
        MissingTestingValue.report(Self.self)
        return defaultValue
    }
}

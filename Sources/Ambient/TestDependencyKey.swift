/// The interface half of a dependency's key: its testing and preview values, for a module that does not link the
/// live implementation.
///
/// Split a dependency across modules when features should build and test without the live client (a networking
/// stack, an SDK): the interface module declares the client, its ``DependencyValues`` property and its testing and
/// preview values; a live module that only the app links adds the live value by conforming the same type to
/// ``DependencyKey``. Features import the interface and never wait for the live module to build.
///
/// ```swift
/// // WeatherInterface
/// public struct WeatherClient: Sendable {
///     public var forecast: @Sendable (String) async throws -> String
/// }
///
/// extension WeatherClient: TestDependencyKey {
///     public static var testingValue: WeatherClient { WeatherClient(forecast: unimplemented("WeatherClient.forecast")) }
/// }
///
/// extension DependencyValues {
///     public var weather: WeatherClient {
///         get { self[WeatherClient.self] }
///         set { self[WeatherClient.self] = newValue }
///     }
/// }
///
/// // WeatherLive, linked by the app only
/// extension WeatherClient: DependencyKey {
///     public static var defaultValue: WeatherClient { WeatherClient { city in try await fetchForecast(city) } }
/// }
/// ```
///
/// A read finds the live conformance at run time, wherever it is declared, and then reads the key as any
/// ``DependencyKey``: one value per root, whichever module reads it. When no module linked into the process
/// conforms the type to ``DependencyKey``, the app (the ``DependencyContext/default`` context) gets
/// ``testingValue``, and Ambient reports once, on standard error, which key has no live value and what to link.
/// Tests and previews get ``testingValue`` and ``previewValue``, with or without the live module.
public protocol TestDependencyKey: SendableMetatype {
    /// The type of the dependency's value. A type key leaves it as `Self`.
    associatedtype Value: Sendable = Self

    /// The value in tests (``DependencyContext/testing``), and in the app when no live value is linked.
    /// (A key ported from swift-dependencies that stops here declares `testValue`: rename it `testingValue`.)
    static var testingValue: Value { get }

    /// The value in SwiftUI previews (``DependencyContext/preview``). Defaults to ``testingValue``.
    static var previewValue: Value { get }

    /// swift-dependencies' name for ``testingValue``; a key declares `testingValue` instead.
    ///
    /// It is a requirement only so that a key ported with `static let testValue = ...` left in it fails on the
    /// first error with the note on ``testingValue`` above, which says to rename it, rather than on its value's
    /// type. Reading it reads ``testingValue``.
    @_documentation(visibility: private)
    static var testValue: Value { get }
}

extension TestDependencyKey {
    /// The key's ``testingValue``.
    public static var previewValue: Value { testingValue }

    /// The key's ``testingValue``.
    @_documentation(visibility: private)
    public static var testValue: Value { testingValue }
}

extension DependencyValues {
    /// The value of the dependency for an interface key: the innermost override, else the value for ``context`` —
    /// the live value where a linked module conforms the key to ``DependencyKey``.
    ///
    /// Use it to implement the ``DependencyValues`` property in the interface module:
    ///
    /// ```swift
    /// extension DependencyValues {
    ///     public var weather: WeatherClient {
    ///         get { self[WeatherClient.self] }
    ///         set { self[WeatherClient.self] = newValue }
    ///     }
    /// }
    /// ```
    public subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
        get { value(ofTypeKey: InterfaceKey<Key>.storageKey, as: Key.Value.self) }
        set { setValue(newValue, ofTypeKey: InterfaceKey<Key>.storageKey) }
    }

    /// Overrides a type key known only as an existential, whose value is `Value`.
    private mutating func setValue<StorageKey: DependencyKey, Value>(_ value: Value, ofTypeKey key: StorageKey.Type) {
        // NB: `key` is an interface key's storage key: the interface key itself, found conforming to `DependencyKey`
        // at run time, or its `InterfaceKey`; either way its `Value` is `Value`.
        self[key] = value as! StorageKey.Value
    }
}

/// The ``DependencyKey`` under which an interface key's values are cached and overridden while no linked module
/// conforms it to ``DependencyKey``.
enum InterfaceKey<Key: TestDependencyKey>: DependencyKey {
    /// The key under which `Key`'s value is cached and overridden: `Key` itself where a module linked into the
    /// process conforms it to ``DependencyKey`` (found at run time), else this key.
    static var storageKey: any DependencyKey.Type {
        Key.self as? any DependencyKey.Type ?? self
    }

    static var defaultValue: Key.Value {
        let name = VisibleText.of(Key.self)
        let message = """
            Ambient: \(name) has no live value: it conforms to TestDependencyKey, and no module linked into this \
            app conforms it to DependencyKey. Link the module that declares `extension \(name): DependencyKey` (its \
            live implementation) into the app target; until then the app gets \(name)'s testingValue.
            """
        let reporter = IssueReporting.reporterForCurrentValues
        IssueReporting.report(.misuse, message, once: "live value of \(ObjectIdentifier(Key.self))", to: reporter)
        return Key.testingValue
    }

    static var previewValue: Key.Value { Key.previewValue }
    static var testingValue: Key.Value { Key.testingValue }
}

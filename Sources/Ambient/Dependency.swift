/// Reads a dependency in any type: a view model, a service, a command-line tool.
///
/// The property takes the values of the scope in which its owner was created and keeps them for the owner's whole
/// life, whichever scope later calls it. Reading it returns the dependency's value in those values: the innermost
/// override, else the key's value for the context, created once and cached.
///
/// ```swift
/// final class ReportBuilder {
///     @Dependency(\.api) private var api
///     @Dependency(Clock.self) private var clock   // a type key
///
///     func build() async throws -> Report { try await Report(items: api.items(), date: clock.now()) }
/// }
///
/// let builder = withDependencies { $0.api = StubAPI() } operation: { ReportBuilder() }
/// // builder.api is StubAPI, here and wherever builder goes.
/// ```
///
/// Creating the property costs one task-local read; the value itself is only created on first read.
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
    private let values: DependencyValues
    private let accessor: Accessor
    #if canImport(SwiftUI)
        /// The values at the view's position, once SwiftUI installed this property in a view (see
        /// `Dependency+View.swift`); `nil` in any other owner, which reads `values`.
        private var view = ViewDependencies()
    #endif

    private enum Accessor: Sendable {
        case keyPath(any KeyPath<DependencyValues, Value> & Sendable)
        case key(any DependencyKey.Type)
    }

    /// A dependency read through a ``DependencyValues`` property.
    ///
    /// - Parameter keyPath: The property, such as `\.api`.
    public init(_ keyPath: any KeyPath<DependencyValues, Value> & Sendable) {
        values = DependencyValues.current
        accessor = .keyPath(keyPath)
    }

    /// A dependency read through a type key: a ``DependencyKey`` whose value is the type itself.
    ///
    /// - Parameter key: The key type, such as `Clock.self`.
    public init<Key: DependencyKey>(_ key: Key.Type) where Key.Value == Value {
        values = DependencyValues.current
        accessor = .key(key)
    }

    /// The dependency's value in the values the owner was created with.
    public var wrappedValue: Value {
        #if canImport(SwiftUI)
            let values = view.values ?? self.values
        #endif
        switch accessor {
        case .keyPath(let keyPath): return values[keyPath: keyPath]
        case .key(let key): return values.value(ofTypeKey: key, as: Value.self)
        }
    }
}

extension DependencyValues {
    /// The value of a type key known only as an existential; the caller guarantees that its value is `Value`.
    fileprivate func value<Key: DependencyKey, Value>(ofTypeKey key: Key.Type, as _: Value.Type) -> Value {
        // NB: `Dependency.init(_:)` only accepts keys whose `Value` is the wrapper's `Value`, so this cast is an
        // identity; `unsafeBitCast` skips the dynamic cast that `as!` would make on every read.
        unsafeBitCast(self[key], to: Value.self)
    }
}

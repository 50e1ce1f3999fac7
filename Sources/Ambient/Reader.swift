/// A computation that needs an environment to produce its value: dependency injection by function.
///
/// A reader is a function from `Environment` to `Value` that composes before it runs. Code that prefers values to
/// property wrappers can describe its work as readers over ``DependencyValues`` and supply the dependencies once,
/// at the edge.
///
/// ```swift
/// let greeting = Reader<DependencyValues, String>.dependency(\.userName)
///     .map { "Hello, \($0)!" }
///
/// greeting.apply(DependencyValues.current)   // run with explicit values
/// greeting.run()                              // run with the current scope's values
/// ```
public struct Reader<Environment, Value>: Sendable {
    private let body: @Sendable (Environment) -> Value

    /// Creates a reader from the function it applies.
    ///
    /// - Parameter body: Computes the value from an environment.
    public init(_ body: @escaping @Sendable (Environment) -> Value) {
        self.body = body
    }

    /// Runs the reader in `environment`.
    ///
    /// - Parameter environment: The environment to read.
    /// - Returns: The computed value.
    public func apply(_ environment: Environment) -> Value {
        body(environment)
    }

    /// A reader that transforms this reader's value.
    ///
    /// - Parameter transform: Turns the value into another.
    /// - Returns: A reader of the transformed value.
    public func map<NewValue>(
        _ transform: @escaping @Sendable (Value) -> NewValue
    ) -> Reader<Environment, NewValue> {
        Reader<Environment, NewValue> { transform(self.body($0)) }
    }

    /// A reader that picks the next reader from this reader's value and runs it in the same environment.
    ///
    /// ```swift
    /// let profile = Reader.dependency(\.session).flatMap { session in
    ///     Reader.dependency(\.api).map { $0.profile(for: session.userID) }
    /// }
    /// ```
    ///
    /// - Parameter transform: Chooses the next reader.
    /// - Returns: A reader of the next reader's value.
    public func flatMap<NewValue>(
        _ transform: @escaping @Sendable (Value) -> Reader<Environment, NewValue>
    ) -> Reader<Environment, NewValue> {
        Reader<Environment, NewValue> { environment in transform(self.body(environment)).body(environment) }
    }

    /// A reader of both this reader's value and `other`'s, in the same environment.
    ///
    /// - Parameter other: The second reader.
    /// - Returns: A reader of the pair.
    public func zip<Other>(_ other: Reader<Environment, Other>) -> Reader<Environment, (Value, Other)> {
        Reader<Environment, (Value, Other)> { environment in (self.body(environment), other.body(environment)) }
    }

    /// A reader that runs in a larger (or different) environment, after deriving this reader's environment from it.
    ///
    /// ```swift
    /// let demo = report.local { (values: DependencyValues) -> DependencyValues in
    ///     var values = values
    ///     values.context = .preview
    ///     return values
    /// }
    /// ```
    ///
    /// - Parameter transform: Derives this reader's environment from the outer one.
    /// - Returns: A reader over the outer environment.
    public func local<OuterEnvironment>(
        _ transform: @escaping @Sendable (OuterEnvironment) -> Environment
    ) -> Reader<OuterEnvironment, Value> {
        Reader<OuterEnvironment, Value> { self.body(transform($0)) }
    }
}

extension Reader {
    /// A reader that ignores its environment and produces `value`.
    ///
    /// - Parameter value: The value to produce.
    /// - Returns: A constant reader.
    public static func pure(_ value: Value) -> Reader where Value: Sendable {
        Reader { _ in value }
    }
}

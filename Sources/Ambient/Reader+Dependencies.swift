extension Reader where Environment == DependencyValues {
    /// A reader of one dependency.
    ///
    /// ```swift
    /// let items = Reader.dependency(\.api).map { api in api.cachedItems() }
    /// ```
    ///
    /// - Parameter keyPath: The ``DependencyValues`` property to read.
    /// - Returns: A reader of that dependency.
    public static func dependency(_ keyPath: any KeyPath<DependencyValues, Value> & Sendable) -> Reader {
        Reader { $0[keyPath: keyPath] }
    }

    /// A reader of a type key's value.
    ///
    /// - Parameter key: A ``DependencyKey`` whose value is the type itself.
    /// - Returns: A reader of that dependency.
    public static func dependency<Key: DependencyKey>(_ key: Key.Type) -> Reader where Key.Value == Value {
        Reader { $0[key] }
    }

    /// Runs the reader with the current scope's values (``DependencyValues/current``).
    ///
    /// - Returns: The computed value.
    public func run() -> Value {
        apply(DependencyValues.current)
    }

    /// A reader that runs with `update` applied to its values, like a scope of
    /// ``withDependencies(_:operation:fileID:line:)``.
    ///
    /// ```swift
    /// let demo = report.withDependencies { $0.context = .preview }
    /// ```
    ///
    /// - Parameter update: Changes the values this reader sees.
    /// - Returns: A reader with the changed values.
    public func withDependencies(
        _ update: @escaping @Sendable (inout DependencyValues) -> Void
    ) -> Reader {
        local { values in
            var values = values
            update(&values)
            return values
        }
    }
}

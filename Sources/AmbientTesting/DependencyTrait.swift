public import Ambient
public import Testing

extension Trait where Self == DependenciesTrait {
    /// Runs each test in its own root of testing values, with one dependency overridden.
    ///
    /// The shape of swift-dependencies' trait, so a migrated test reads the same. `value` is evaluated once per
    /// test: a suite's trait gives each of its tests an instance of its own, so a test that changes a class-type
    /// mock never changes what the next test sees. Setting the override never creates the value it replaces.
    ///
    /// ```swift
    /// @Suite(.dependency(\.api, MockAPI()))
    /// struct CheckoutTests {
    ///     @Test(.dependency(\.date, .constant(.distantPast)))
    ///     func receiptIsDated() async throws { ... }   // sees MockAPI and the constant date
    /// }
    /// ```
    ///
    /// It composes with `.dependencies { ... }` and other `.dependency` traits in order: the suite's first, then
    /// the test's, each on top of the last.
    ///
    /// - Parameters:
    ///   - keyPath: The dependency, such as `\.api`.
    ///   - value: Its value in each test, evaluated once per test.
    ///   - fileID: The file of the trait; explanations of the override point there. Leave the default.
    ///   - line: The line of the trait. Leave the default.
    /// - Returns: The trait.
    public static func dependency<Value>(
        _ keyPath: any WritableKeyPath<DependencyValues, Value> & Sendable,
        _ value: @autoclosure @escaping @Sendable () -> Value,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> Self {
        DependenciesTrait { values in values.assign(keyPath, value(), fileID: fileID, line: line) }
    }
}

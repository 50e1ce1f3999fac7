/// Whether a test fails when it reads a key that has no testing value of its own, or calls an `unimplemented`
/// endpoint.
///
/// With `AmbientTesting` linked, every test is strict: such a read fails the test that reads it, on whichever thread
/// it happens, with no trait and no base class. A key whose live value is fine in tests says so itself, by declaring
/// `static var testingValue: Value { defaultValue }`. A test or suite that must keep the original package's leniency
/// — fall back to the default value and warn once per key on standard error — asks for it:
///
/// ```swift
/// @Suite(.dependencies(strictness: .lenient))
/// struct LegacyReportTests { ... }
///
/// final class LegacyXCTests: DependencyTestCase {
///     override var dependencyStrictness: DependencyStrictness { .lenient }
/// }
/// ```
public enum DependencyStrictness: Sendable, Hashable {
    /// A read of a key without a testing value, or a call of an `unimplemented` endpoint, fails the test.
    case strict
    /// Such a read falls back to the key's default value and warns once per key on standard error; an
    /// `unimplemented` endpoint warns on each call. The test passes.
    case lenient
}

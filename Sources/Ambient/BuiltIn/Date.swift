public import Foundation

/// Tells the current date: the way code that records "when" asks for now, so that tests and previews can fix it.
///
/// Read it through ``DependencyValues/date`` instead of calling `Date()`. Call it like a function, or read ``now``:
///
/// ```swift
/// struct TodoFactory {
///     @Dependency(\.date) private var date
///
///     func make(_ title: String) -> Todo { Todo(title: title, createdAt: date()) }
/// }
/// ```
///
/// A test can fix the date with ``constant(_:)``, or give any rule with ``init(_:)``:
///
/// ```swift
/// let todo = withDependencies {
///     $0.date = .constant(Date(timeIntervalSince1970: 0))
/// } operation: {
///     TodoFactory().make("Write tests")
/// }
/// ```
public struct DateGenerator: Sendable {
    private let generate: @Sendable () -> Date

    /// A generator that asks `generate` for the date each time it is called.
    ///
    /// ```swift
    /// let ticking = DateGenerator { Date(timeIntervalSince1970: Double(counter.next())) }
    /// ```
    ///
    /// - Parameter generate: Returns the date to report; called on every read, from any thread.
    public init(_ generate: @escaping @Sendable () -> Date) {
        self.generate = generate
    }

    /// The current date, as this generator tells it.
    public var now: Date { generate() }

    /// Returns the current date, as this generator tells it.
    ///
    /// ```swift
    /// let createdAt = date()
    /// ```
    ///
    /// - Returns: The generator's date.
    public func callAsFunction() -> Date {
        generate()
    }

    /// A generator that always returns `date`.
    ///
    /// ```swift
    /// withDependencies { $0.date = .constant(Date(timeIntervalSince1970: 0)) } operation: { ... }
    /// ```
    ///
    /// - Parameter date: The date to return on every call.
    /// - Returns: A generator that returns `date`.
    public static func constant(_ date: Date) -> DateGenerator {
        DateGenerator { date }
    }

    /// A generator that returns the system's current date, `Date()`.
    public static var live: DateGenerator {
        DateGenerator { Date() }
    }
}

extension DependencyValues {
    /// The current date, as code should ask for it instead of calling `Date()`.
    ///
    /// - Live: the system's current date.
    /// - Previews and tests: always 1 January 2024, 00:00:00 UTC (`Date(timeIntervalSince1970: 1_704_067_200)`), so
    ///   that what a test records or a preview shows does not depend on when it runs.
    ///
    /// ```swift
    /// @Dependency(\.date) private var date
    /// let createdAt = date.now
    ///
    /// // In a test, choose the instant:
    /// withDependencies { $0.date = .constant(Date(timeIntervalSince1970: 86_400)) } operation: { ... }
    /// ```
    public var date: DateGenerator {
        get { self[DateGeneratorKey.self] }
        set { self[DateGeneratorKey.self] = newValue }
    }
}

private enum DateGeneratorKey: DependencyKey {
    /// 1 January 2024, 00:00:00 UTC.
    static let fixedInstant = Date(timeIntervalSince1970: 1_704_067_200)

    static var defaultValue: DateGenerator { .live }
    static var testingValue: DateGenerator { .constant(fixedInstant) }
}

public import Foundation

/// Makes UUIDs: the way code that creates identifiers asks for one, so that tests and previews get predictable ones.
///
/// Read it through ``DependencyValues/uuid`` instead of calling `UUID()`, and call it like a function:
///
/// ```swift
/// struct TodoFactory {
///     @Dependency(\.uuid) private var uuid
///
///     func make(_ title: String) -> Todo { Todo(id: uuid(), title: title) }
/// }
/// ```
///
/// In tests, the generator counts up from zero (see ``incrementing``), so the first todo a test makes has the id
/// `00000000-0000-0000-0000-000000000000`, the second `00000000-0000-0000-0000-000000000001`, and so on.
public struct UUIDGenerator: Sendable {
    private let generate: @Sendable () -> UUID

    /// A generator that asks `generate` for each UUID.
    ///
    /// ```swift
    /// let fixedList = UUIDGenerator { ids.next() }
    /// ```
    ///
    /// - Parameter generate: Returns the next UUID; called on every call of the generator, from any thread.
    public init(_ generate: @escaping @Sendable () -> UUID) {
        self.generate = generate
    }

    /// Returns a new UUID, as this generator makes them.
    ///
    /// ```swift
    /// let id = uuid()
    /// ```
    ///
    /// - Returns: The next UUID.
    public func callAsFunction() -> UUID {
        generate()
    }

    /// A new generator that counts up from `00000000-0000-0000-0000-000000000000`.
    ///
    /// Each read of this property makes a new generator that starts again from zero; copies of one generator share
    /// its count. Calls from several threads each get a different UUID.
    ///
    /// ```swift
    /// let uuid = UUIDGenerator.incrementing
    /// uuid()  // 00000000-0000-0000-0000-000000000000
    /// uuid()  // 00000000-0000-0000-0000-000000000001
    /// ```
    public static var incrementing: UUIDGenerator {
        let count = ConditionLock<UInt64>(0)
        return UUIDGenerator {
            let value = count.withLock { count in
                defer { count += 1 }
                return count
            }
            // The count in the last 64 bits, in hexadecimal: its top 16 bits, then the other 48.
            let text = String(format: "00000000-0000-0000-%04llX-%012llX", value >> 48, value & 0xFFFF_FFFF_FFFF)
            return UUID(uuidString: text)!
        }
    }

    /// A generator that always returns `uuid`.
    ///
    /// ```swift
    /// withDependencies { $0.uuid = .constant(UUID(uuidString: "DEADBEEF-0000-0000-0000-000000000000")!) } ...
    /// ```
    ///
    /// - Parameter uuid: The UUID to return on every call.
    /// - Returns: A generator that returns `uuid`.
    public static func constant(_ uuid: UUID) -> UUIDGenerator {
        UUIDGenerator { uuid }
    }

    /// A generator that returns random (version 4) UUIDs, `UUID()`.
    public static var live: UUIDGenerator {
        UUIDGenerator { UUID() }
    }
}

extension DependencyValues {
    /// Makes UUIDs, as code should ask for them instead of calling `UUID()`.
    ///
    /// - Live: random UUIDs.
    /// - Previews and tests: ``UUIDGenerator/incrementing``, created once per root, so each test counts from
    ///   `00000000-0000-0000-0000-000000000000` whatever other tests do.
    ///
    /// ```swift
    /// @Dependency(\.uuid) private var uuid
    /// let id = uuid()
    /// ```
    public var uuid: UUIDGenerator {
        get { self[UUIDGeneratorKey.self] }
        set { self[UUIDGeneratorKey.self] = newValue }
    }
}

private enum UUIDGeneratorKey: DependencyKey {
    static var defaultValue: UUIDGenerator { .live }
    static var testingValue: UUIDGenerator { .incrementing }
}

import Foundation

@testable import Ambient
@testable import TodosCore

/// Runs `operation` in a fresh root of `context`: its own cached values, shared with no other test.
func withFreshRoot<R>(
    _ context: DependencyContext = .testing,
    operation: () throws -> R
) rethrows -> R {
    try withFreshRoot(context, { _ in }, operation: operation)
}

/// Runs `operation` in a fresh root of `context`, after `update` has changed its values.
func withFreshRoot<R>(
    _ context: DependencyContext = .testing,
    _ update: (inout DependencyValues) throws -> Void,
    operation: () throws -> R
) rethrows -> R {
    var values = DependencyValues(storage: Storage(root: Root(context: context)))
    try update(&values)
    return try withDependencies(values, operation: operation)
}

/// The UUID that the testing `uuid` generator makes `number`-th, counting from zero.
func uuid(_ number: Int) -> UUID {
    UUID(uuidString: String(format: "00000000-0000-0000-0000-%012X", number))!
}

/// 1 January 2024, 00:00:00 UTC: the testing value of `date`.
let testingDate = Date(timeIntervalSince1970: 1_704_067_200)

extension DateGenerator {
    /// Dates one minute apart, starting at `testingDate`, so that todos added in a row have different dates.
    static func ticking() -> DateGenerator {
        let minutes = MinuteCounter()
        return DateGenerator { testingDate.addingTimeInterval(Double(minutes.next()) * 60) }
    }
}

/// Counts the minutes of a ticking date generator.
private final class MinuteCounter: Sendable {
    private let count = Locked(0)

    /// The count before this call.
    func next() -> Int {
        count.withLock { count in
            defer { count += 1 }
            return count
        }
    }
}

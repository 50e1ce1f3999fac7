public import Ambient
public import Foundation
import TodosCore

/// The UUID that the testing `uuid` generator makes `number`-th, counting from zero.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public func uuid(_ number: Int) -> UUID {
    UUID(uuidString: String(format: "00000000-0000-0000-0000-%012X", number))!
}

/// 1 January 2024, 00:00:00 UTC: the testing value of `date`.
public let testingDate = Date(timeIntervalSince1970: 1_704_067_200)

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension DateGenerator {
    /// Dates one minute apart, starting at `testingDate`, so that todos added in a row have different dates.
    ///
    /// - Returns: A generator whose first date is `testingDate`.
    public static func ticking() -> DateGenerator {
        let minutes = MinuteCounter()
        return DateGenerator { testingDate.addingTimeInterval(Double(minutes.next()) * 60) }
    }
}

/// Counts the minutes of a ticking date generator.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
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

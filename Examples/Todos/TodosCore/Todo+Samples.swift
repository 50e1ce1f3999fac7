import Foundation

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension Todo {
    /// A handful of todos with fixed identifiers and dates: what previews and `AMBIENT_CONTEXT=preview` show.
    public static let samples: [Todo] = [
        sample(1, "Water the plants", daysAgo: 3, priority: 1),
        sample(2, "Book flights to Lisbon", daysAgo: 2, priority: 3),
        sample(3, "Return the library books", daysAgo: 2, isDone: true),
        sample(4, "Call the dentist", daysAgo: 1, priority: 2),
        sample(5, "Buy coffee beans", daysAgo: 0),
    ]

    private static func sample(
        _ number: Int,
        _ title: String,
        daysAgo: Int,
        isDone: Bool = false,
        priority: Int = 0
    ) -> Todo {
        // 2026-01-01T09:00:00Z, minus whole days: fixed, so previews and their snapshots never change.
        let firstOfJanuary = Date(timeIntervalSince1970: 1_767_258_000)
        return Todo(
            id: UUID(uuidString: "5A3E0000-0000-4000-8000-\(String(format: "%012d", number))")!,
            title: title,
            date: firstOfJanuary.addingTimeInterval(-Double(daysAgo) * 86_400),
            isDone: isDone,
            priority: priority
        )
    }
}

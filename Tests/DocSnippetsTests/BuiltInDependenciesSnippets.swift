import Ambient
import AmbientTesting
import Foundation
import Testing

struct Todo: Equatable, Sendable {
    var id: UUID
    var title: String
    var createdAt: Date
}

struct TodoFactory {
    @Dependency(\.date) private var date
    @Dependency(\.uuid) private var uuid

    func make(_ title: String) -> Todo {
        Todo(id: uuid(), title: title, createdAt: date())
    }
}

@Test func aConstantDateDatesEveryTodo() {
    let todo = withDependencies {
        $0.date = .constant(Date(timeIntervalSince1970: 0))
    } operation: {
        TodoFactory().make("Write tests")
    }
    #expect(todo.createdAt == Date(timeIntervalSince1970: 0))
}

@Test func newTodosGetSequentialIDs() {
    let factory = TodoFactory()
    #expect(factory.make("A").id.uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(factory.make("B").id.uuidString == "00000000-0000-0000-0000-000000000001")
}

struct DueDateLabel {
    @Dependency(\.calendar) private var calendar
    @Dependency(\.date) private var date

    func isDueToday(_ due: Date) -> Bool { calendar.isDate(due, inSameDayAs: date.now) }
}

let deadline = Date(timeIntervalSince1970: 1_704_139_200)  // 1 January 2024, 20:00 UTC; 2 January in Tokyo

let tokyo = withDependencies {
    $0.timeZone = TimeZone(identifier: "Asia/Tokyo")!
} operation: {
    DueDateLabel().isDueToday(deadline)  // the calendar computes the day in Tokyo
}

@Test func theDayIsTheDayInTheTestsTimeZone() {
    #expect(DueDateLabel().isDueToday(deadline))  // 20:00 on the test's day, in UTC
    #expect(!tokyo)  // 05:00 the next day, in Tokyo
}

struct Dice {
    @Dependency(\.random) private var random

    func roll() -> Int { random { Int.random(in: 1...6, using: &$0) } }
}

@Test func everyRootRollsTheSameNumbers() {
    let first = withTestDependencies { (Dice().roll(), Dice().roll()) }
    let second = withTestDependencies { (Dice().roll(), Dice().roll()) }
    #expect((1...6).contains(first.0))
    #expect(first == second)
}

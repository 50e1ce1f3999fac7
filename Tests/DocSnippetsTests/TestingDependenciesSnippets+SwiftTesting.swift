import Ambient
import AmbientTesting
import Foundation
import Testing

@Test(.dependencies { $0.api = MockAPI() })
func checkoutSubmitsTheCart() async throws {
    let model = CheckoutModel()  // its @Dependency(\.api) is MockAPI
    try await model.submit()
    #expect(model.receipt == Receipt(total: 42))
}

@Suite(.dependencies { $0.api = MockAPI() })
struct CheckoutTests {
    @Test func submitKeepsTheReceipt() async throws {
        let model = CheckoutModel()
        try await model.submit()
        #expect(model.receipt != nil)
    }

    @Test(.dependencies { $0.date = .constant(Date(timeIntervalSince1970: 0)) })
    func receiptIsDated() async throws {
        let model = CheckoutModel()  // MockAPI from the suite, the date from the test
        try await model.submit()
        #expect(model.submittedAt == Date(timeIntervalSince1970: 0))
    }
}

@Suite(.dependencies)
struct ParserTests {
    // ...
}

@Suite(.dependency(\.api, MockAPI()))
struct ReceiptTests {
    @Test(.dependency(\.date, .constant(Date(timeIntervalSince1970: 0))))
    func receiptIsDated() async throws {
        let model = CheckoutModel()  // a MockAPI of this test's own, and the constant date
        try await model.submit()
        #expect(model.submittedAt == Date(timeIntervalSince1970: 0))
    }
}

@Suite(.dependencies)
struct TodoFactoryTests {
    @Test func firstTodoGetsTheFirstID() {
        #expect(TodoFactory().make("Water the plants").id.uuidString == "00000000-0000-0000-0000-000000000000")
    }

    @Test(arguments: ["A", "B", "C"])
    func everyCaseCountsFromZero(title: String) {
        #expect(TodoFactory().make(title).id.uuidString == "00000000-0000-0000-0000-000000000000")
    }
}

private enum TaxRateKey: DependencyKey {
    static var defaultValue: Double { 0.2 }
    static var testingValue: Double { defaultValue }  // the live value is fine in tests
}

nonisolated extension DependencyValues {
    var taxRate: Double {
        get { self[TaxRateKey.self] }
        set { self[TaxRateKey.self] = newValue }
    }
}

/// A cart whose total includes the tax rate of its scope.
struct Cart {
    @Dependency(\.taxRate) private var taxRate
    var items: [Double]

    init(items: [Double]) {
        self.items = items
    }

    var total: Double { items.reduce(0, +) * (1 + taxRate) }
}

struct ItemsClient: Sendable {
    var fetch: @Sendable (Item.ID) async throws -> Item
    var count: @Sendable () async -> Int
    var log: @Sendable (String) -> Void
}

nonisolated extension ItemsClient: DependencyKey {
    static var defaultValue: ItemsClient {  // the real endpoints
        ItemsClient(
            fetch: { id in try await ItemsServer.shared.item(id) },
            count: { await ItemsServer.shared.count() },
            log: { message in print(message) }
        )
    }
    static var testingValue: ItemsClient {
        ItemsClient(
            fetch: unimplemented("ItemsClient.fetch"),
            count: unimplemented("ItemsClient.count", placeholder: 0),
            log: unimplemented("ItemsClient.log", placeholder: ())
        )
    }
}

nonisolated extension DependencyValues {
    var items: ItemsClient {
        get { self[ItemsClient.self] }
        set { self[ItemsClient.self] = newValue }
    }
}

@Test(.dependencies { $0.items.fetch = { id in Item(id: id, name: "Stub") } })
func detailShowsTheItem() async throws {
    let item = try await DependencyValues.current.items.fetch(7)
    #expect(item.name == "Stub")
}

@Test func detailFailsWithoutAServer() async {
    await withKnownIssue {
        await #expect(throws: UnimplementedEndpointError(endpoint: "ItemsClient.fetch")) {
            try await DependencyValues.current.items.fetch(7)
        }
    }
}

@Test func totalsIncludeTax() {
    withTestDependencies {
        $0.taxRate = 0.5
    } operation: {
        #expect(Cart(items: [10]).total == 15)
    }
}

@Test func checkoutUsesTheMock() async throws {
    try await withTestDependencies {
        $0.api = MockAPI()
    } operation: {
        let model = CheckoutModel()
        try await model.submit()
        #expect(model.receipt == Receipt(total: 42))
    }
}

let cart = withTestDependencies { Cart(items: [10]) }  // testing values only

@Suite(.dependencies(strictness: .lenient))
struct LegacyReportTests {
    // Tests that read keys with no testing value yet: each key is a warning, once, and no test fails.
}

@Test func withoutOverridesTheCartTakesTheTestingRate() {
    #expect(cart.total == 12)
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
struct Reminder {
    @Dependency(\.continuousClock) private var clock

    func fire(after delay: Duration) async throws -> String {
        try await clock.sleep(for: delay)
        return "Time to stretch"
    }
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
@Test(.dependencies)
func reminderFiresAfterOneHour() async throws {
    try await withTestClock { clock in
        let reminder = Reminder()  // created inside: its clock is the test clock
        let fired = Task { try await reminder.fire(after: .seconds(3600)) }
        await clock.waitForSleepers()
        await clock.advance(by: .seconds(3599))
        #expect(clock.sleeperDeadlines == [TestClock.Instant(offset: .seconds(3600))])
        await clock.advance(by: .seconds(1))
        let message = try await fired.value
        #expect(message == "Time to stretch")
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
@Test(.dependencies { $0.api = MockAPI(name: "Ada") })
func profileShowsTheName() async {
    let model = ProfileModel(dependencies: .current)
    await model.load()
    #expect(model.name == "Ada")
}

@MainActor @Test func aModelBuiltInAScopeTakesItsValues() async {
    let model = withDependencies {
        $0.api = MockAPI(name: "Grace")
    } operation: {
        ProfileModel(dependencies: .current)
    }
    await model.load()
    #expect(model.name == "Grace")
}

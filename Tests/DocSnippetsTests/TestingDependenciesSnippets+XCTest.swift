import AmbientTesting
import XCTest

nonisolated final class CheckoutTestCase: DependencyTestCase {
    override func setUpDependencies(_ dependencies: inout DependencyValues) {
        dependencies.api = MockAPI()
    }

    @MainActor func testSubmitKeepsTheReceipt() async throws {
        let model = CheckoutModel()
        try await model.submit()
        XCTAssertEqual(model.receipt, Receipt(total: 42))
    }
}

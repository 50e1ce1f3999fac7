import AmbientTesting
import XCTest

// Gotchas, "In an app target, declarations are on the main actor": a DependencyTestCase subclass as an app's test
// module declares it, with the Testing article's ItemsClient.

nonisolated final class ItemsTestCase: DependencyTestCase {
    @MainActor override func setUpDependencies(_ dependencies: inout DependencyValues) {
        dependencies.items.fetch = { id in Item(id: id, name: "Stub") }
    }

    @MainActor func testTheStubIsRead() async throws {
        let item = try await DependencyValues.current.items.fetch(7)
        XCTAssertEqual(item.name, "Stub")
    }
}

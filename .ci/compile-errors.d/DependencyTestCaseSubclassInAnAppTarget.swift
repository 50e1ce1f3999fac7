// first error: declare the subclass `nonisolated final class`, and mark `setUpDependencies` and tests `@MainActor`
// flags: -swift-version 6 -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
// In a target whose default isolation is the main actor, a DependencyTestCase subclass cannot inherit the
// nonisolated initializer of swift-corelibs-xctest. Swift's error does not name the fix; its note, "overridden
// declaration is here", shows the two lines of DependencyTestCase.swift above that initializer, which do. (Linux:
// on Darwin the initializers a subclass inherits are XCTest's own.) That is the first error, also when the subclass
// overrides `setUpDependencies`, which is isolated to the main actor as the subclass's methods are.
import AmbientTesting
import XCTest

final class SearchTests: DependencyTestCase {
    override func setUpDependencies(_ dependencies: inout DependencyValues) {
        dependencies.date = .constant(Date(timeIntervalSince1970: 0))
    }

    func testResults() {}
}

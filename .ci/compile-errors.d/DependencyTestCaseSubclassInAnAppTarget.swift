// expect: declare the subclass `nonisolated final class`, and mark main-actor methods `@MainActor`
// flags: -swift-version 6 -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
// In a target whose default isolation is the main actor, a DependencyTestCase subclass cannot inherit the
// nonisolated initializer of swift-corelibs-xctest. Swift's error does not name the fix; its note, "overridden
// declaration is here", shows the two lines of DependencyTestCase.swift above that initializer, which do. (Linux:
// on Darwin the initializers a subclass inherits are XCTest's own.)
import AmbientTesting
import XCTest

final class SearchTests: DependencyTestCase {
    func testResults() {}
}

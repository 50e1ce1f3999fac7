import Testing

@testable import Ambient

/// A node frees the enclosing nodes that only it held one at a time, so that a long chain does not overflow the
/// stack, and frees none that something else still holds.
struct ScopeNodeChainTests {
    enum CountKey: DependencyKey {
        static var defaultValue: Int { 0 }
        static var testingValue: Int { 0 }
    }

    /// Values with a chain of `length` nodes: each copy kept while the next key is set makes a new node.
    static func chain(length: Int) -> DependencyValues {
        var values = DependencyValues()
        for count in 1...length {
            let kept = values
            values[CountKey.self] = count
            withExtendedLifetime(kept) {}
        }
        return values
    }

    @Test func aMillionNodesDeepChainIsFreedWithoutOverflowingTheStack() {
        weak var deepest: ScopeNode?
        do {
            let values = Self.chain(length: 1_000_000)
            #expect(values.storage.depth == 1_000_000)
            #expect(values[CountKey.self] == 1_000_000)
            deepest = values.storage
        }
        #expect(deepest == nil)
    }

    @Test func aNodeHeldElsewhereOutlivesTheChildThatHeldItAndKeepsItsOwnParent() {
        let values = Self.chain(length: 3)
        let parent = DependencyValues(storage: values.storage.parent!)
        weak let grandparent = values.storage.parent!.parent
        do { _ = consume values }
        #expect(parent[CountKey.self] == 2)
        #expect(grandparent != nil)
        #expect(parent.storage.parent === grandparent)
    }
}

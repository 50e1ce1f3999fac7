import Foundation
import Testing

@testable import Ambient

/// Semantics: nothing keeps a scope alive but what still uses it, for what a value's values cache and remember: a
/// value that finds itself through a key path after its scope ended. Serialized: the tests count live instances of
/// shared types.
@Suite(.serialized) struct CachedSelfReferenceTests {
    enum TagKey: DependencyKey {
        static var defaultValue: Tag { Tag() }
        static var testingValue: Tag { Tag() }
    }

    /// An override that its scope's values hold.
    final class Tag: Sendable {}

    /// A value built from its scope's `Tag`, that finds itself by its key's type and by a key path.
    final class Finder: Sendable {
        static let live = LiveInstances()
        struct ByType: Sendable {
            @Dependency(FinderKey.self) var me
        }
        struct ByKeyPath: Sendable {
            @Dependency(\.cachedFinder) var me
        }
        let tag = DependencyValues.current[TagKey.self]
        let byType = ByType()
        let byKeyPath = ByKeyPath()
        init() { Finder.live.created() }
        deinit { Finder.live.freed() }
    }

    enum FinderKey: DependencyKey {
        static var defaultValue: Finder { Finder() }
        static var testingValue: Finder { Finder() }
    }

    /// A value that finds itself by a key path only after its scope ended caches nothing that holds it: the read gives
    /// it itself, kept weakly, and a cache of its values must not hold it strongly.
    @Test func valueFindingItselfByAKeyPathAfterItsScopeEndedIsFreed() {
        let before = Finder.live.alive
        withFreshRoot {
            for _ in 0..<100 {
                let finder = withDependencies {
                    $0[TagKey.self] = Tag()
                } operation: {
                    let finder = DependencyValues.current[FinderKey.self]
                    #expect(finder.byType.me === finder)
                    return finder
                }
                #expect(finder.byKeyPath.me === finder)
            }
        }
        #expect(Finder.live.alive - before == 0)
    }
}

extension DependencyValues {
    fileprivate var cachedFinder: CachedSelfReferenceTests.Finder { self[CachedSelfReferenceTests.FinderKey.self] }
}

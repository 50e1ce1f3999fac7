import Testing

@testable import Ambient

/// A key whose `DependencyValues` properties compute from it, for the key-path cache of `@Dependency`.
enum BaseNumberKey: DependencyKey {
    static var defaultValue: Int { 10 }
    static var testingValue: Int { 10 }
}

let readCounter = Counter()

extension DependencyValues {
    /// A plain accessor: resolved once per scope.
    var baseNumber: Int { self[BaseNumberKey.self] }
    /// Same type as the key's value, but computed: must run on every read.
    var countingNumber: Int { self[BaseNumberKey.self] + readCounter.increment() }
    /// A different type: must run on every read.
    var baseNumberText: String { "#\(self[BaseNumberKey.self])" }
    /// A plain accessor of an existential-like reference value.
    var serviceAlias: Service { self[ServiceKey.self] }
}

struct NumberReader: Sendable {
    @Dependency(\.baseNumber) var base
    @Dependency(\.countingNumber) var counting
    @Dependency(\.baseNumberText) var text
    @Dependency(\.serviceAlias) var service
}

@Suite struct KeyPathCacheTests {
    @Test func plainAccessorIsResolvedOncePerScope() {
        withFreshRoot {
            let reader = NumberReader()
            #expect(reader.base == 10)
            #expect(reader.service.name == "testing")
            #expect(reader.baseIsCached)
            #expect(reader.serviceIsCached)
        }
    }

    @Test func computedGetterOfTheSameTypeRunsOnEveryRead() {
        withFreshRoot {
            let reader = NumberReader()
            let first = reader.counting
            let second = reader.counting
            #expect(first != second)
            #expect(!reader.countingIsCached)
        }
    }

    @Test func getterOfAnotherTypeRunsOnEveryRead() {
        withFreshRoot {
            let reader = NumberReader()
            #expect(reader.text == "#10")
            #expect(!reader.textIsCached)
        }
    }

    @Test func cachedValueFollowsTheScopeOfTheOwner() {
        withFreshRoot {
            let outer = NumberReader()
            let inner = withDependencies {
                $0[BaseNumberKey.self] = 7
            } operation: {
                NumberReader()
            }
            #expect(outer.base == 10)
            #expect(inner.base == 7)
            #expect(outer.base == 10)
        }
    }
}

extension NumberReader {
    var baseIsCached: Bool { isCached(_base) }
    var countingIsCached: Bool { isCached(_counting) }
    var textIsCached: Bool { isCached(_text) }
    var serviceIsCached: Bool { isCached(_service) }

    /// Whether the property's key path has a cached value in the values it captured.
    private func isCached<Value>(_ dependency: Dependency<Value>) -> Bool {
        dependency.values.storage.cachedBits(dependency.property.identity) > KeyPathPairs.uncacheable
    }
}

import Ambient
import BenchmarkSupport

/// The input of ``DerivedClientKey``, which a scope overrides so that the client is rebuilt for it.
enum BenchInputKey: DependencyKey {
    static var defaultValue: Int { 0 }
    static var testingValue: Int { 0 }
}

/// A level of nesting, set by each scope inside the one that overrides the input.
enum BenchLevelKey: DependencyKey {
    static var defaultValue: Int { 0 }
    static var testingValue: Int { 0 }
}

/// A client built from ``BenchInputKey``: a default rebuilt for each scope that overrides its input.
enum DerivedClientKey: DependencyKey {
    static var defaultValue: BenchClient { BenchClient(id: DependencyValues.current[BenchInputKey.self]) }
    static var testingValue: BenchClient { defaultValue }
}

extension Scenarios {
    /// Values `depth` scopes deep, the outermost overriding the input of ``DerivedClientKey``, each other one a level.
    static func valuesRebuildingTheClient(depth: Int) -> DependencyValues {
        var values = DependencyValues.current
        values[BenchInputKey.self] = depth
        for level in 1..<max(depth, 1) {
            values = withDependencies(values) {
                withDependencies {
                    $0[BenchLevelKey.self] = level
                } operation: {
                    DependencyValues.current
                }
            }
        }
        return values
    }

    /// Reads by key in `values` of `Key`, through `DependencyValues`' subscript.
    static func readsByKey<Key: DependencyKey>(_: Key.Type, in values: DependencyValues) -> Scenario
    where Key.Value == BenchClient {
        _ = values[Key.self]
        return { count in
            let values = opaque(values)
            for _ in 0..<count { sink(values[Key.self]) }
        }
    }
}

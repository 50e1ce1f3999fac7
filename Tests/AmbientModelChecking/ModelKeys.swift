import Ambient
import Foundation

/// A dependency of the generated programs: what every key's default (and every override) is.
///
/// A probe's serial number is its identity: defaults are numbered 1, 2, … in the order a program creates them,
/// overrides −1, −2, … in the order it sets them, so that the reference model can say which instance a read returns.
public protocol ModelProbe: Sendable {
    /// The probe's identity in its program.
    var serial: Int { get }

    /// Reads the probe's `index`th `@Dependency` property (a `DependencyOwner`'s is its only one); `nil` when it has
    /// no such property.
    func readReference(_ index: Int) -> (any ModelProbe)?

    /// Reads `key` through the values the probe captured while it was created; `nil` when it captured none.
    func readCaptured(_ key: Int) -> (any ModelProbe)?
}

/// A key of the generated programs: key `index` of ``ModelKeys``.
protocol ModelKey: DependencyKey where Value == any ModelProbe {
    static var index: Int { get }
}

extension ModelKey {
    static var defaultValue: any ModelProbe { ModelRuntime.shared.makeDefault(of: index, in: .default) }
    static var previewValue: any ModelProbe { ModelRuntime.shared.makeDefault(of: index, in: .preview) }
    static var testingValue: any ModelProbe { ModelRuntime.shared.makeDefault(of: index, in: .testing) }
}

enum ModelKey0: ModelKey { static var index: Int { 0 } }
enum ModelKey1: ModelKey { static var index: Int { 1 } }
enum ModelKey2: ModelKey { static var index: Int { 2 } }
enum ModelKey3: ModelKey { static var index: Int { 3 } }
enum ModelKey4: ModelKey { static var index: Int { 4 } }
enum ModelKey5: ModelKey { static var index: Int { 5 } }
enum ModelKey6: ModelKey { static var index: Int { 6 } }
enum ModelKey7: ModelKey { static var index: Int { 7 } }
enum ModelKey8: ModelKey { static var index: Int { 8 } }
enum ModelKey9: ModelKey { static var index: Int { 9 } }
enum ModelKey10: ModelKey { static var index: Int { 10 } }
enum ModelKey11: ModelKey { static var index: Int { 11 } }
enum ModelKey12: ModelKey { static var index: Int { 12 } }
enum ModelKey13: ModelKey { static var index: Int { 13 } }
enum ModelKey14: ModelKey { static var index: Int { 14 } }
enum ModelKey15: ModelKey { static var index: Int { 15 } }
enum ModelKey16: ModelKey { static var index: Int { 16 } }
enum ModelKey17: ModelKey { static var index: Int { 17 } }
enum ModelKey18: ModelKey { static var index: Int { 18 } }
enum ModelKey19: ModelKey { static var index: Int { 19 } }
enum ModelKey20: ModelKey { static var index: Int { 20 } }
enum ModelKey21: ModelKey { static var index: Int { 21 } }
enum ModelKey22: ModelKey { static var index: Int { 22 } }
enum ModelKey23: ModelKey { static var index: Int { 23 } }
enum ModelKey24: ModelKey { static var index: Int { 24 } }
enum ModelKey25: ModelKey { static var index: Int { 25 } }
enum ModelKey26: ModelKey { static var index: Int { 26 } }
enum ModelKey27: ModelKey { static var index: Int { 27 } }
enum ModelKey28: ModelKey { static var index: Int { 28 } }
enum ModelKey29: ModelKey { static var index: Int { 29 } }
enum ModelKey30: ModelKey { static var index: Int { 30 } }
enum ModelKey31: ModelKey { static var index: Int { 31 } }
enum ModelKey32: ModelKey { static var index: Int { 32 } }
enum ModelKey33: ModelKey { static var index: Int { 33 } }
enum ModelKey34: ModelKey { static var index: Int { 34 } }
enum ModelKey35: ModelKey { static var index: Int { 35 } }
enum ModelKey36: ModelKey { static var index: Int { 36 } }
enum ModelKey37: ModelKey { static var index: Int { 37 } }
enum ModelKey38: ModelKey { static var index: Int { 38 } }
enum ModelKey39: ModelKey { static var index: Int { 39 } }

extension DependencyValues {
    /// Key `index` of ``ModelKeys``: what the programs' key paths read, one key each.
    subscript(model index: Int) -> any ModelProbe {
        get { ModelKeys.read(index, in: self) }
        set { ModelKeys.set(index, to: newValue, in: &self) }
    }
}

/// The keys by index, as types and as `DependencyValues` key paths.
enum ModelKeys {
    /// The most keys a program uses: enough that a scope's and a root's tables fill and grow.
    static let count = 40

    static let types: [any ModelKey.Type] = [
        ModelKey0.self, ModelKey1.self, ModelKey2.self, ModelKey3.self, ModelKey4.self, ModelKey5.self,
        ModelKey6.self, ModelKey7.self, ModelKey8.self, ModelKey9.self, ModelKey10.self, ModelKey11.self,
        ModelKey12.self, ModelKey13.self, ModelKey14.self, ModelKey15.self, ModelKey16.self, ModelKey17.self,
        ModelKey18.self, ModelKey19.self, ModelKey20.self, ModelKey21.self, ModelKey22.self, ModelKey23.self,
        ModelKey24.self, ModelKey25.self, ModelKey26.self, ModelKey27.self, ModelKey28.self, ModelKey29.self,
        ModelKey30.self, ModelKey31.self, ModelKey32.self, ModelKey33.self, ModelKey34.self, ModelKey35.self,
        ModelKey36.self, ModelKey37.self, ModelKey38.self, ModelKey39.self,
    ]

    /// NB: made once, so that each key's key path is one object, as a literal key path is.
    static let keyPaths: [any KeyPath<DependencyValues, any ModelProbe> & Sendable] = (0..<count).map {
        \DependencyValues.[model: $0]
    }

    /// Has the core learn the key behind each key path, once per process, by reading each through an override.
    ///
    /// NB: until a key path was read somewhere, a property declared with it names an unknown key of its type, and
    /// every key here has the same type; the model knows each property's key from the start, so the core must too.
    static let keyPathsLearned: Void = {
        for key in 0..<count {
            withDependencies {
                set(key, to: Placeholder(), in: &$0)
            } operation: {
                _ = dependency(on: key, byKeyPath: true).wrappedValue
            }
        }
    }()

    /// An override that no program sees.
    private struct Placeholder: ModelProbe {
        var serial: Int { 0 }
        func readReference(_ index: Int) -> (any ModelProbe)? { nil }
        func readCaptured(_ key: Int) -> (any ModelProbe)? { nil }
    }

    /// Key `key`'s value in `values`.
    static func read(_ key: Int, in values: DependencyValues) -> any ModelProbe {
        read(types[key], in: values)
    }

    private static func read<Key: ModelKey>(_ key: Key.Type, in values: DependencyValues) -> any ModelProbe {
        values[key]
    }

    /// Overrides key `key` with `probe` in `values`.
    static func set(_ key: Int, to probe: any ModelProbe, in values: inout DependencyValues) {
        set(types[key], to: probe, in: &values)
    }

    private static func set<Key: ModelKey>(_ key: Key.Type, to probe: any ModelProbe, in values: inout DependencyValues)
    {
        values[key] = probe
    }

    /// A `@Dependency` of key `key`, through its key path or its type, made in the current values.
    static func dependency(on key: Int, byKeyPath: Bool) -> Dependency<any ModelProbe> {
        byKeyPath ? Dependency(keyPaths[key]) : dependency(on: types[key])
    }

    private static func dependency<Key: ModelKey>(on key: Key.Type) -> Dependency<any ModelProbe> {
        Dependency(key)
    }

    /// A `DependencyOwner` whose one `@Dependency` reads key `key`, made in the current values.
    static func owner(holding key: Int, serial: Int) -> any ModelProbe {
        owner(holding: types[key], serial: serial)
    }

    private static func owner<Key: ModelKey>(holding _: Key.Type, serial: Int) -> any ModelProbe {
        OwnerProbe<Key>(serial: serial)
    }

    /// An ``OwnerSubclassProbe`` whose superclass reads key `inherited` and which reads key `own`.
    static func ownerSubclass(inheriting inherited: Int, own: Int, serial: Int) -> any ModelProbe {
        ownerSubclass(types[inherited], own: types[own], serial: serial)
    }

    private static func ownerSubclass<Inherited: ModelKey, Own: ModelKey>(
        _: Inherited.Type, own _: Own.Type, serial: Int
    ) -> any ModelProbe {
        OwnerSubclassProbe<Inherited, Own>(serial: serial)
    }
}

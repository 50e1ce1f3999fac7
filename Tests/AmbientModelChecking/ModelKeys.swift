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
    var model0: any ModelProbe {
        get { self[ModelKey0.self] }
        set { self[ModelKey0.self] = newValue }
    }
    var model1: any ModelProbe {
        get { self[ModelKey1.self] }
        set { self[ModelKey1.self] = newValue }
    }
    var model2: any ModelProbe {
        get { self[ModelKey2.self] }
        set { self[ModelKey2.self] = newValue }
    }
    var model3: any ModelProbe {
        get { self[ModelKey3.self] }
        set { self[ModelKey3.self] = newValue }
    }
    var model4: any ModelProbe {
        get { self[ModelKey4.self] }
        set { self[ModelKey4.self] = newValue }
    }
    var model5: any ModelProbe {
        get { self[ModelKey5.self] }
        set { self[ModelKey5.self] = newValue }
    }
    var model6: any ModelProbe {
        get { self[ModelKey6.self] }
        set { self[ModelKey6.self] = newValue }
    }
    var model7: any ModelProbe {
        get { self[ModelKey7.self] }
        set { self[ModelKey7.self] = newValue }
    }
    var model8: any ModelProbe {
        get { self[ModelKey8.self] }
        set { self[ModelKey8.self] = newValue }
    }
    var model9: any ModelProbe {
        get { self[ModelKey9.self] }
        set { self[ModelKey9.self] = newValue }
    }
    var model10: any ModelProbe {
        get { self[ModelKey10.self] }
        set { self[ModelKey10.self] = newValue }
    }
    var model11: any ModelProbe {
        get { self[ModelKey11.self] }
        set { self[ModelKey11.self] = newValue }
    }
    var model12: any ModelProbe {
        get { self[ModelKey12.self] }
        set { self[ModelKey12.self] = newValue }
    }
    var model13: any ModelProbe {
        get { self[ModelKey13.self] }
        set { self[ModelKey13.self] = newValue }
    }
    var model14: any ModelProbe {
        get { self[ModelKey14.self] }
        set { self[ModelKey14.self] = newValue }
    }
    var model15: any ModelProbe {
        get { self[ModelKey15.self] }
        set { self[ModelKey15.self] = newValue }
    }
    var model16: any ModelProbe {
        get { self[ModelKey16.self] }
        set { self[ModelKey16.self] = newValue }
    }
    var model17: any ModelProbe {
        get { self[ModelKey17.self] }
        set { self[ModelKey17.self] = newValue }
    }
    var model18: any ModelProbe {
        get { self[ModelKey18.self] }
        set { self[ModelKey18.self] = newValue }
    }
    var model19: any ModelProbe {
        get { self[ModelKey19.self] }
        set { self[ModelKey19.self] = newValue }
    }
    var model20: any ModelProbe {
        get { self[ModelKey20.self] }
        set { self[ModelKey20.self] = newValue }
    }
    var model21: any ModelProbe {
        get { self[ModelKey21.self] }
        set { self[ModelKey21.self] = newValue }
    }
    var model22: any ModelProbe {
        get { self[ModelKey22.self] }
        set { self[ModelKey22.self] = newValue }
    }
    var model23: any ModelProbe {
        get { self[ModelKey23.self] }
        set { self[ModelKey23.self] = newValue }
    }
    var model24: any ModelProbe {
        get { self[ModelKey24.self] }
        set { self[ModelKey24.self] = newValue }
    }
    var model25: any ModelProbe {
        get { self[ModelKey25.self] }
        set { self[ModelKey25.self] = newValue }
    }
    var model26: any ModelProbe {
        get { self[ModelKey26.self] }
        set { self[ModelKey26.self] = newValue }
    }
    var model27: any ModelProbe {
        get { self[ModelKey27.self] }
        set { self[ModelKey27.self] = newValue }
    }
    var model28: any ModelProbe {
        get { self[ModelKey28.self] }
        set { self[ModelKey28.self] = newValue }
    }
    var model29: any ModelProbe {
        get { self[ModelKey29.self] }
        set { self[ModelKey29.self] = newValue }
    }
    var model30: any ModelProbe {
        get { self[ModelKey30.self] }
        set { self[ModelKey30.self] = newValue }
    }
    var model31: any ModelProbe {
        get { self[ModelKey31.self] }
        set { self[ModelKey31.self] = newValue }
    }
    var model32: any ModelProbe {
        get { self[ModelKey32.self] }
        set { self[ModelKey32.self] = newValue }
    }
    var model33: any ModelProbe {
        get { self[ModelKey33.self] }
        set { self[ModelKey33.self] = newValue }
    }
    var model34: any ModelProbe {
        get { self[ModelKey34.self] }
        set { self[ModelKey34.self] = newValue }
    }
    var model35: any ModelProbe {
        get { self[ModelKey35.self] }
        set { self[ModelKey35.self] = newValue }
    }
    var model36: any ModelProbe {
        get { self[ModelKey36.self] }
        set { self[ModelKey36.self] = newValue }
    }
    var model37: any ModelProbe {
        get { self[ModelKey37.self] }
        set { self[ModelKey37.self] = newValue }
    }
    var model38: any ModelProbe {
        get { self[ModelKey38.self] }
        set { self[ModelKey38.self] = newValue }
    }
    var model39: any ModelProbe {
        get { self[ModelKey39.self] }
        set { self[ModelKey39.self] = newValue }
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

    static let keyPaths: [any KeyPath<DependencyValues, any ModelProbe> & Sendable] = [
        \.model0, \.model1, \.model2, \.model3, \.model4, \.model5, \.model6, \.model7, \.model8, \.model9,
        \.model10, \.model11, \.model12, \.model13, \.model14, \.model15, \.model16, \.model17, \.model18, \.model19,
        \.model20, \.model21, \.model22, \.model23, \.model24, \.model25, \.model26, \.model27, \.model28, \.model29,
        \.model30, \.model31, \.model32, \.model33, \.model34, \.model35, \.model36, \.model37, \.model38, \.model39,
    ]

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

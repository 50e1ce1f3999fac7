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
}

/// The keys by index, as types and as `DependencyValues` key paths.
enum ModelKeys {
    /// The most keys a program uses.
    static let count = 6

    static let types: [any ModelKey.Type] = [
        ModelKey0.self, ModelKey1.self, ModelKey2.self, ModelKey3.self, ModelKey4.self, ModelKey5.self,
    ]

    static let keyPaths: [any KeyPath<DependencyValues, any ModelProbe> & Sendable] = [
        \.model0, \.model1, \.model2, \.model3, \.model4, \.model5,
    ]

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
}

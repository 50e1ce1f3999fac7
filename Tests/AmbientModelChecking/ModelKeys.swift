import Ambient
import Foundation

/// A dependency of the generated programs: what every key's default (and every override) is.
///
/// A probe's serial number is its identity: defaults are numbered 1, 2, … in the order a program creates them,
/// overrides −1, −2, … in the order it sets them, so that the reference model can say which instance a read returns.
protocol ModelProbe: Sendable {
    /// The probe's identity in its program.
    var serial: Int { get }

    /// Reads the probe's `index`th `@Dependency` property (a `DependencyOwner`'s is its only one); `nil` when it has
    /// no such property.
    func readReference(_ index: Int) -> (any ModelProbe)?

    /// The values the probe captured while it was created; `nil` when it captured none.
    var captured: DependencyValues? { get }
}

/// A key of the generated programs: key `index` of ``ModelKeys``.
protocol ModelKey: DependencyKey where Value == any ModelProbe {
    static var index: Int { get }
}

extension ModelKey {
    /// A `DependencyOwner` whose one `@Dependency` reads this key, made in the current values.
    static func owner(serial: Int) -> any ModelProbe { OwnerProbe<Self>(serial: serial) }
    /// An ``OwnerSubclassProbe`` whose superclass reads this key and which reads `own`.
    static func ownerSubclass<Own: ModelKey>(own: Own.Type, serial: Int) -> any ModelProbe {
        OwnerSubclassProbe<Self, Own>(serial: serial)
    }

    /// The key after this one.
    static var next: any ModelKey.Type { Next<Self>.self }

    static var defaultValue: any ModelProbe { ModelRuntime.shared.makeDefault(of: index) }
    static var previewValue: any ModelProbe { ModelRuntime.shared.makeDefault(of: index) }
    static var testingValue: any ModelProbe { ModelRuntime.shared.makeDefault(of: index) }
}

/// Key 0 of ``ModelKeys``: `Next<K0>` is key 1, `Next<Next<K0>>` key 2, and so on, as Ambient's messages name them.
enum K0: ModelKey { static var index: Int { 0 } }

/// The key after `Previous`.
enum Next<Previous: ModelKey>: ModelKey { static var index: Int { Previous.index + 1 } }

extension DependencyValues {
    /// Key `index` of ``ModelKeys``, read or overridden: what the programs read and set, and their key paths, one
    /// key each.
    subscript(model index: Int) -> any ModelProbe {
        get { self[ModelKeys.types[index]] }
        set { self[ModelKeys.types[index]] = newValue }
    }
}

/// The keys by index, as types and as `DependencyValues` key paths.
enum ModelKeys {
    /// The most keys a program uses: enough that a scope's and a root's tables fill and grow.
    static let count = 40

    static let types: [any ModelKey.Type] = (1..<count).reduce(into: [K0.self]) { types, _ in
        types.append(types.last!.next)
    }

    /// NB: made once, so that each key's key path is one object, as a literal key path is.
    static let keyPaths: [any KeyPath<DependencyValues, any ModelProbe> & Sendable] = (0..<count).map {
        \DependencyValues.[model: $0]
    }

    /// Has the core learn the key behind each key path, once per process, by reading each through an override.
    ///
    /// NB: until a key path was read somewhere, a property declared with it names an unknown key of its type, and
    /// every key here has the same type; the model knows each property's key from the start, so the core must too.
    static let keyPathsLearned: Void = withDependencies {
        // NB: each override counts as an instance of the program before the first, which no check counts.
        for key in 0..<count { $0[model: key] = ValueProbe(serial: 0) }
    } operation: {
        for key in 0..<count { _ = Dependency(keyPaths[key]).wrappedValue }
    }

    /// A `@Dependency` of key `key`, through its key path or its type, made in the current values.
    static func dependency(on key: Int, byKeyPath: Bool) -> Dependency<any ModelProbe> {
        byKeyPath ? Dependency(keyPaths[key]) : Dependency(types[key])
    }
}

import Ambient

/// The dependency every read scenario reads: a reference type, like most clients.
final class BenchClient: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}

enum BenchClientKey: DependencyKey {
    static var defaultValue: BenchClient { BenchClient(id: 1) }
    static var testingValue: BenchClient { defaultValue }
}

extension DependencyValues {
    var benchClient: BenchClient {
        get { self[BenchClientKey.self] }
        set { self[BenchClientKey.self] = newValue }
    }
}

/// A value-type dependency (a configuration), read by the two-thread scenario: copying it touches no reference
/// count, so any contention would come from Ambient itself.
struct BenchSettings: Sendable {
    var retries = 3
    var timeout = 30
}

enum BenchSettingsKey: DependencyKey {
    static var defaultValue: BenchSettings { BenchSettings() }
    static var testingValue: BenchSettings { defaultValue }
}

extension DependencyValues {
    var benchSettings: BenchSettings { self[BenchSettingsKey.self] }
}

/// An owner of the value-type dependency, of any kind.
protocol SettingsReading {
    var settings: BenchSettings { get }
}

/// An owner of the class-type dependency, of any kind.
protocol ClientReading {
    var client: BenchClient { get }
}

/// An owner of a value-type dependency.
struct SettingsOwner: SettingsReading, Sendable {
    @Dependency(\.benchSettings) var settings
}

/// The hand-written baseline for reads: a global constant.
enum StaticClient {
    static let shared = BenchClient(id: 1)
}

/// The floors of a read once a wrapper has resolved its value, which is what Factory's and Resolver's wrappers
/// cost after the object is built: a class's stored properties, read through the object each time.
///
/// NB: `var`, so that the compiler cannot hoist a read out of the loop (the sink might change them), and a read of
/// `client` retains the object for the sink's call, as a read of a class-type dependency returns it retained.
final class StoredFields: @unchecked Sendable {
    // Safe: only read by the benchmark, on one thread, after `init`.
    var number = 3
    var client = BenchClient(id: 1)
}

/// An owner of one `@Dependency`, like a service or view model.
struct Owner: Sendable {
    @Dependency(\.benchClient) var client
}

/// The same owner as a class, as most services and view models are.
final class ClassOwner: ClientReading, @unchecked Sendable {
    // Safe: the only stored property is a `@Dependency`, written once in `init` and only read afterwards.
    @Dependency(\.benchClient) var client
}

/// A client with a `@Dependency` property on its own key, as a logger that logs through itself has: the values it was
/// created from hold it `weak`, so that it finds itself without keeping itself alive.
final class SelfNamingClient: @unchecked Sendable {
    // Safe: as `ClassOwner`.
    @Dependency(\.selfNamingClient) var me
}

enum SelfNamingClientKey: DependencyKey {
    static var defaultValue: SelfNamingClient { SelfNamingClient() }
    static var testingValue: SelfNamingClient { defaultValue }
}

extension DependencyValues {
    var selfNamingClient: SelfNamingClient { self[SelfNamingClientKey.self] }
}

/// A class owner of a client that names its own key.
final class SelfNamingClientOwner: @unchecked Sendable {
    // Safe: as `ClassOwner`.
    @Dependency(\.selfNamingClient) var client
}

/// The same owner as a `DependencyOwner` subclass, which reads the current scope once per object.
final class OwningClassOwner: DependencyOwner, ClientReading, @unchecked Sendable {
    // Safe: as `ClassOwner`.
    @Dependency(\.benchClient) var client
}

/// A class owner of a value-type dependency.
final class ClassSettingsOwner: SettingsReading, @unchecked Sendable {
    // Safe: as `ClassOwner`.
    @Dependency(\.benchSettings) var settings
}

/// A class owner of a value-type dependency declared with its key's type.
final class KeyedSettingsOwner: SettingsReading, @unchecked Sendable {
    // Safe: as `ClassOwner`.
    @Dependency(BenchSettingsKey.self) var settings
}

/// A `DependencyOwner` subclass that owns a value-type dependency.
final class OwningSettingsOwner: DependencyOwner, SettingsReading, @unchecked Sendable {
    // Safe: as `ClassOwner`.
    @Dependency(\.benchSettings) var settings
}

// MARK: Many distinct keys, built from types at run time

enum End {}
enum Zero<Rest> {}
enum One<Rest> {}

/// A key per type argument: `NumberedKey<One<Zero<End>>>` and `NumberedKey<Zero<One<End>>>` are distinct keys.
enum NumberedKey<Tag>: DependencyKey {
    static var defaultValue: Int { 0 }
    static var testingValue: Int { 0 }
}

/// The `number`-th of 1,024 distinct key types.
func numberedKey(_ number: Int) -> any DependencyKey.Type {
    func build<Tag>(_ bits: Int, _ depth: Int, _: Tag.Type) -> any DependencyKey.Type {
        if depth == 0 { return NumberedKey<Tag>.self }
        return bits & 1 == 0 ? build(bits >> 1, depth - 1, Zero<Tag>.self) : build(bits >> 1, depth - 1, One<Tag>.self)
    }
    return build(number, 10, End.self)
}

extension DependencyValues {
    /// Sets the numbered key `key` to `value`.
    mutating func setNumbered(_ key: any DependencyKey.Type, to value: Int) {
        func set<Key: DependencyKey>(_ key: Key.Type) {
            self[key] = value as! Key.Value
        }
        set(key)
    }

    /// Values with keys `0..<count` overridden, in one scope.
    static func withNumberedKeys(_ count: Int) -> DependencyValues {
        var values = DependencyValues.current
        for number in 0..<count { values.setNumbered(numberedKey(number), to: number) }
        return values
    }
}

// MARK: Ten dependencies

enum D0: DependencyKey { static var defaultValue: BenchClient { BenchClient(id: 0) } }
enum D1: DependencyKey { static var defaultValue: BenchClient { BenchClient(id: 1) } }
enum D2: DependencyKey { static var defaultValue: BenchClient { BenchClient(id: 2) } }
enum D3: DependencyKey { static var defaultValue: BenchClient { BenchClient(id: 3) } }
enum D4: DependencyKey { static var defaultValue: BenchClient { BenchClient(id: 4) } }
enum D5: DependencyKey { static var defaultValue: BenchClient { BenchClient(id: 5) } }
enum D6: DependencyKey { static var defaultValue: BenchClient { BenchClient(id: 6) } }
enum D7: DependencyKey { static var defaultValue: BenchClient { BenchClient(id: 7) } }
enum D8: DependencyKey { static var defaultValue: BenchClient { BenchClient(id: 8) } }
enum D9: DependencyKey { static var defaultValue: BenchClient { BenchClient(id: 9) } }

extension DependencyValues {
    var d0: BenchClient { self[D0.self] }
    var d1: BenchClient { self[D1.self] }
    var d2: BenchClient { self[D2.self] }
    var d3: BenchClient { self[D3.self] }
    var d4: BenchClient { self[D4.self] }
    var d5: BenchClient { self[D5.self] }
    var d6: BenchClient { self[D6.self] }
    var d7: BenchClient { self[D7.self] }
    var d8: BenchClient { self[D8.self] }
    var d9: BenchClient { self[D9.self] }
}

/// Ten `@Dependency` properties.
final class WrappedTen {
    @Dependency(\.d0) var d0
    @Dependency(\.d1) var d1
    @Dependency(\.d2) var d2
    @Dependency(\.d3) var d3
    @Dependency(\.d4) var d4
    @Dependency(\.d5) var d5
    @Dependency(\.d6) var d6
    @Dependency(\.d7) var d7
    @Dependency(\.d8) var d8
    @Dependency(\.d9) var d9
}

/// Ten `@Dependency` properties declared with their keys' types, which take no key path.
final class KeyedTen {
    @Dependency(D0.self) var d0
    @Dependency(D1.self) var d1
    @Dependency(D2.self) var d2
    @Dependency(D3.self) var d3
    @Dependency(D4.self) var d4
    @Dependency(D5.self) var d5
    @Dependency(D6.self) var d6
    @Dependency(D7.self) var d7
    @Dependency(D8.self) var d8
    @Dependency(D9.self) var d9
}

/// Ten `@Dependency` properties of a `DependencyOwner` subclass: one task-local read for the ten.
final class OwnedTen: DependencyOwner {
    @Dependency(\.d0) var d0
    @Dependency(\.d1) var d1
    @Dependency(\.d2) var d2
    @Dependency(\.d3) var d3
    @Dependency(\.d4) var d4
    @Dependency(\.d5) var d5
    @Dependency(\.d6) var d6
    @Dependency(\.d7) var d7
    @Dependency(\.d8) var d8
    @Dependency(\.d9) var d9
}

/// Ten dependencies passed in: by hand, or from `DependencyValues` in `init(dependencies:)`.
final class InjectedTen {
    let d0, d1, d2, d3, d4, d5, d6, d7, d8, d9: BenchClient

    init(
        _ d0: BenchClient, _ d1: BenchClient, _ d2: BenchClient, _ d3: BenchClient, _ d4: BenchClient,
        _ d5: BenchClient, _ d6: BenchClient, _ d7: BenchClient, _ d8: BenchClient, _ d9: BenchClient
    ) {
        (self.d0, self.d1, self.d2, self.d3, self.d4) = (d0, d1, d2, d3, d4)
        (self.d5, self.d6, self.d7, self.d8, self.d9) = (d5, d6, d7, d8, d9)
    }

    init(dependencies: DependencyValues) {
        (d0, d1, d2, d3, d4) = (dependencies.d0, dependencies.d1, dependencies.d2, dependencies.d3, dependencies.d4)
        (d5, d6, d7, d8, d9) = (dependencies.d5, dependencies.d6, dependencies.d7, dependencies.d8, dependencies.d9)
    }
}

import Ambient

/// How one key's default is built in a program.
struct KeyBehavior: Hashable, Sendable {
    /// What the default is.
    enum Shape: Hashable, Sendable {
        /// A struct.
        case value
        /// A class.
        case object
        /// A `DependencyOwner` subclass whose one `@Dependency` reads `holding`.
        case owner(holding: Int)
        /// A subclass of a `DependencyOwner` subclass: the superclass's `@Dependency` reads `inherited`, the
        /// subclass's own reads `own`.
        case ownerSubclass(inherited: Int, own: Int)
    }

    /// A read while the default is created that depends on a value: `then` is read only when the value of `when`
    /// is an override (a cart that reads `persistence` only when `config` says it persists).
    struct ConditionalRead: Hashable, Sendable {
        var when: Int
        var then: Int
    }

    /// Work the default's `init` starts, which holds the default weakly and reads `reads`.
    struct Work: Hashable, Sendable {
        enum Kind: String, Hashable, Sendable {
            /// A `Task { [weak self] in … }` that reads through `DependencyValues.current` once the program lets it
            /// (after the step that created the default), then runs until the default is freed.
            case task
            /// A `Task { }` that reads through `DependencyValues.current` while the creation waits for it (an
            /// app-wide default whose task reads a request's id at once).
            case taskDuringCreation
            /// A block on a Dispatch queue that re-enters the `DependencyValues.current` of the creation and
            /// reads, while the creation waits for it.
            case dispatch
        }
        var kind: Kind
        var reads: [Int]
    }

    /// A `@Dependency` property of the default.
    struct Reference: Hashable, Sendable {
        var key: Int
        var byKeyPath = false
    }

    var shape = Shape.value
    /// The keys the default reads while it is created, before the value exists (only keys of lower index).
    var reads: [Int] = []
    /// The default's `@Dependency` properties (a value or an object), read once the value exists.
    var references: [Reference] = []
    /// Whether the default keeps `DependencyValues.current`, and reads through it later.
    var capturesCurrent = false
    /// Reads while the default is created that depend on values, after `reads`.
    var conditionalReads: [ConditionalRead] = []
    /// Work the default starts while it is created (a class only).
    var work: Work?
    /// A scope the creation enters, after its other reads.
    /// The key the creation reads, after its other reads, in a scope it enters inside the values it is created from,
    /// which overrides the creation's own key (a token provider that fetches its token with a client made without it).
    var scopedRead: Int?
    /// Whether, in a race across scopes, the creation waits until a second reader arrived: the other reader then
    /// reads while this creation is under way.
    var waitsForASecondReader = false

    /// The keys of the `@Dependency` properties, in the order they are declared (a superclass's first).
    var laterReads: [Int] {
        switch shape {
        case .owner(let held): [held]
        case .ownerSubclass(let inherited, let own): [inherited, own]
        case .value, .object: references.map(\.key)
        }
    }

    /// Whether the default is a `DependencyOwner` subclass.
    var isOwner: Bool { shape != .value && shape != .object }

    /// Makes the creation's reads before its value exists, in order, until `stop` says so: `reads`, then each
    /// conditional read's `then` when its `when` is an override, then the scoped read, with `inScope`. The model and
    /// the keys' defaults both run it: `read` returns the serial it read.
    func readWhileCreated(until stop: () -> Bool = { false }, _ read: (Int) -> Int, inScope: (Int) -> Void) {
        for key in reads where !stop() {
            _ = read(key)
        }
        for conditional in conditionalReads where !stop() && read(conditional.when) < 0 && !stop() {
            _ = read(conditional.then)
        }
        if let scopedRead, !stop() { inScope(scopedRead) }
    }

    /// Whether the creation reads no key before its value exists, whatever the values.
    var readsNothingWhileCreated: Bool { reads.isEmpty && conditionalReads.isEmpty && scopedRead == nil }
}

/// Where re-entered values run.
enum Executor: String, Hashable, Sendable, CaseIterable {
    case inline, dispatch, thread, detached
}

/// An override a scope sets: a new probe for `key`, a struct or a class.
struct OverrideSpec: Hashable, Sendable {
    var key: Int
    var isObject = false
}

/// One step of a program; scopes and re-entries hold steps of their own.
indirect enum Step: Hashable, Sendable {
    /// Reads a key in the current values, from `threads` threads at once, all started before any reads (one: on the
    /// program's thread).
    case read(Int, threads: Int = 1)
    /// Reads a key, then the value's `index`th `@Dependency` property.
    case readReference(Int, index: Int)
    /// Reads a key, then another key through the values the first one's value captured, then that value's first
    /// `@Dependency` property.
    case readCaptured(Int, through: Int)
    /// A `withDependencies` scope, synchronous or not, that sets `overrides` and maybe a context; its update then
    /// reads `readsInUpdate` in the values it is updating (a synchronous scope only).
    case scope(
        overrides: [OverrideSpec] = [], context: DependencyContext? = nil, isAsync: Bool = false,
        readsInUpdate: [Int] = [], body: [Step])
    /// Keeps `DependencyValues.current` in slot `slot`.
    case capture(slot: Int)
    /// Re-enters the values of slot `slot` on `executor` with `withDependencies(_:operation:)`; given `overrides`, a
    /// copy of them that sets those.
    case reenter(slot: Int, overrides: [OverrideSpec]? = nil, executor: Executor, body: [Step])
    /// Keeps the value of `key` in the current values in slot `slot`, to the program's end.
    case keep(slot: Int, key: Int)
    /// Reads the `index`th `@Dependency` property of the value kept in slot `slot`, from `threads` threads at once
    /// (one: on the program's thread).
    case readKept(slot: Int, index: Int, threads: Int = 1)
    /// Reads `key` in the values kept in each of `slots` (one thread each), released at once.
    case raceAcross(key: Int, slots: [Int])
    /// Builds an object with a `@Dependency` for every key in the current values, kept in slot `slot`.
    case makeHolder(slot: Int, byKeyPath: Bool = false)
    /// Reads a key through the object in slot `slot`, from `threads` threads at once (one: on the program's thread).
    case readHolder(slot: Int, key: Int, threads: Int = 1)
    /// Runs `body` in `DependencyValues()`: no overrides, on the current root.
    case rootValues(body: [Step])
    /// Reads a key, then runs `body` in a scope made inside the values that key's value keeps, which sets
    /// `overrides`: `withDependencies(owner.values) { … } operation: { … }`. Nothing when the value keeps none.
    case scopeInKeptValues(Int, overrides: [OverrideSpec] = [], body: [Step])
}

/// A root of a program: a fresh root in `context`, with the steps run in it.
struct RootRun: Hashable, Sendable {
    var context: DependencyContext
    var body: [Step]
}

/// A generated program: how its keys' defaults are built, and its roots.
struct Program: Hashable, Sendable {
    var keys: [KeyBehavior]
    var roots: [RootRun]
}

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
    }

    /// A `@Dependency` property of the default.
    struct Reference: Hashable, Sendable {
        var key: Int
        var byKeyPath: Bool
    }

    var shape = Shape.value
    /// The keys the default reads while it is created, before the value exists (only keys of lower index).
    var reads: [Int] = []
    /// The default's `@Dependency` properties (a value or an object), read once the value exists.
    var references: [Reference] = []
    /// Whether the default keeps `DependencyValues.current`, and reads through it later.
    var capturesCurrent = false

    /// The keys of the `@Dependency` properties, in the order the creation resolves them.
    var laterReads: [Int] {
        if case .owner(let held) = shape { return [held] }
        return references.map(\.key)
    }

    /// Whether the values of the default's scope are captured by the default (it holds what may hold it).
    var keepsItsValues: Bool {
        if case .owner = shape { return true }
        return !references.isEmpty || capturesCurrent
    }
}

/// Where re-entered values run.
enum Executor: String, Hashable, Sendable, CaseIterable {
    case inline, dispatch, thread, detached
}

/// An override a scope sets: a new probe for `key`, a struct or a class.
struct OverrideSpec: Hashable, Sendable {
    var key: Int
    var isObject: Bool
}

/// One step of a program; scopes and re-entries hold steps of their own.
indirect enum Step: Hashable, Sendable {
    /// Reads a key in the current values.
    case read(Int)
    /// Reads a key, then the value's `index`th `@Dependency` property.
    case readReference(Int, index: Int)
    /// Reads a key, then another key through the values the first one's value captured.
    case readCaptured(Int, through: Int)
    /// A `withDependencies` scope, synchronous or not, that sets `overrides` and maybe a context.
    case scope(overrides: [OverrideSpec], context: DependencyContext?, isAsync: Bool, body: [Step])
    /// Keeps `DependencyValues.current` in slot `slot`.
    case capture(slot: Int)
    /// Re-enters the values of slot `slot` on `executor` with `withDependencies(_:operation:)`.
    case reenter(slot: Int, executor: Executor, body: [Step])
    /// Reads a key from `threads` threads at once, all started before any reads.
    case race(Int, threads: Int)
    /// Builds an object with a `@Dependency` for every key in the current values, kept in slot `slot`.
    case makeHolder(slot: Int, byKeyPath: Bool)
    /// Reads a key through the object in slot `slot`.
    case readHolder(slot: Int, key: Int)
    /// Runs `body` in `DependencyValues()`: no overrides, on the current root.
    case rootValues(body: [Step])
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

    /// The number of steps, nested ones included: what shrinking makes smaller.
    var size: Int { roots.reduce(0) { $0 + 1 + Step.size(of: $1.body) } }
}

extension Step {
    static func size(of steps: [Step]) -> Int {
        steps.reduce(0) { total, step in
            switch step {
            case .scope(_, _, _, let body), .reenter(_, _, let body), .rootValues(let body):
                total + 1 + size(of: body)
            default: total + 1
            }
        }
    }
}

// What keeps main-actor code on the main actor: the check that says whether the caller runs there, and the wrapper
// through which a `@Dependency` takes a key path to a main-actor property: the key path is not `Sendable`, so it is
// wrapped in a `Sendable` key path of Ambient's that applies it on the main actor only (see
// `Dependency+KeyInitializers.swift`).

import Dispatch
import Foundation

/// Whether the caller runs on the main actor, asked without stopping the process when it does not, so that Ambient
/// can stop with a message that says what to do instead (`MainActor.assumeIsolated` alone stops with none).
///
/// The main actor runs on the main thread, or — once the main thread has handed the main queue to Dispatch
/// (`dispatchMain()`, as `swift test` does on Linux) — in the main queue's blocks, on another thread. A caller for
/// which this says `true` then calls `MainActor.assumeIsolated`, which checks again: this check only chooses between
/// that and the message, so it can never let a caller off the main actor run isolated code.
enum MainActorCheck {
    /// A key the main queue holds, so that a block it runs can be told from one another queue runs.
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    static var isOnMainActor: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
    }
}

/// A key path to a `DependencyValues` property isolated to the main actor, kept where `Sendable` values are kept.
///
/// A property declared in a module whose default isolation is `MainActor` (an Xcode 26 app target), or marked
/// `@MainActor`, gives a key path that is not `Sendable`: its getter may only run on the main actor. `@Dependency`
/// and its kin keep a `Sendable` key path, read it on any thread and cache what it returns per scope. So such a key
/// path is wrapped: ``DependencyValues/subscript(mainActorProperty:)`` runs it, on the main actor, and stops with a
/// message that says what to do anywhere else. The `@Dependency` that holds it lives in an
/// owner isolated to the main actor (the key path can only be formed there), so it is read there; only a wrapper
/// copied out of its owner and sent to another thread can reach the stop.
///
/// One instance per key path (``sendableKeyPath(for:)``), so that a key path's identity, which keys the per-scope
/// cache, names one property for the life of the process.
final class MainActorProperty<Value: Sendable>: @unchecked Sendable, Hashable {
    // Safe: `keyPath` is immutable, and it is applied (its getter run) only after
    // ``DependencyValues/subscript(mainActorProperty:)`` has checked that it runs on the main actor; `wrapper` is
    // isolated to the main actor; hashing and comparing use the object's identity.
    let keyPath: KeyPath<DependencyValues, Value>

    /// The `Sendable` key path that reads this property, made on first need.
    @MainActor private lazy var wrapper: any KeyPath<DependencyValues, Value> & Sendable = \.[mainActorProperty: self]

    private init(_ keyPath: KeyPath<DependencyValues, Value>) {
        self.keyPath = keyPath
    }

    /// The `Sendable` key path that reads `keyPath` on the main actor: the same instance for equal key paths.
    @MainActor
    static func sendableKeyPath(
        for keyPath: KeyPath<DependencyValues, Value>
    ) -> any KeyPath<DependencyValues, Value> & Sendable {
        let property = DependencyValues.mainActorProperties[keyPath] as? MainActorProperty ?? MainActorProperty(keyPath)
        DependencyValues.mainActorProperties[keyPath] = property
        return property.wrapper
    }

    static func == (lhs: MainActorProperty, rhs: MainActorProperty) -> Bool { lhs === rhs }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

extension DependencyValues {
    /// The main-actor properties wrapped so far, by the key path they wrap. Kept for the process: there is one per
    /// property that a `@Dependency` names, as for key path literals themselves.
    @MainActor fileprivate static var mainActorProperties: [AnyKeyPath: AnyObject] = [:]

    /// The value of a main-actor property, read through its wrapper (see ``MainActorProperty``) on the main actor;
    /// anywhere else, the process stops with the fix.
    subscript<Value>(mainActorProperty property: MainActorProperty<Value>) -> Value {
        guard MainActorCheck.isOnMainActor else {
            let name = ReadContext.name(inKeyPathDescription: "\(property.keyPath)").map { "\\.\($0)" } ?? "a key path"
            fatalError(
                """
                Ambient: a @Dependency of \(name), a DependencyValues property isolated to the main actor, was read \
                off the main actor. Read it on the main actor (a @Dependency declared in a type isolated to the main \
                actor is read there), or declare the property nonisolated: \
                `nonisolated extension DependencyValues { ... }`.
                """)
        }
        return MainActor.assumeIsolated { self[keyPath: property.keyPath] }
    }
}

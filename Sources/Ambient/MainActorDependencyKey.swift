import Foundation

/// A key for a dependency that is created on the main actor: an `ObservableObject` service, an `@Observable` store,
/// any class isolated to the main actor.
///
/// Use it instead of ``DependencyKey`` when the value's initializer is isolated to the main actor, which a
/// ``DependencyKey``'s nonisolated `defaultValue` cannot call. Its values are `@MainActor`, and so is the
/// ``DependencyValues`` property that reads it: the value is created on the main actor, on the first read there, and
/// code off the main actor cannot read it — the compiler says so — instead of creating it on the wrong thread or
/// waiting for the main thread. A task off the main actor reads it with `await MainActor.run { ... }`. (The Swift 5
/// language mode only warns about such a read; if it runs before the value exists, it stops with a message that
/// names the key and the fix.)
///
/// ```swift
/// @MainActor final class AuthService: ObservableObject {
///     @Published var staysSignedIn = false
/// }
///
/// private enum AuthKey: MainActorDependencyKey {
///     static var defaultValue: AuthService { AuthService() }
///     static var testingValue: AuthService { AuthService() }
/// }
///
/// extension DependencyValues {
///     @MainActor var auth: AuthService {   // in an app target, @MainActor is the default
///         get { self[AuthKey.self] }
///         set { self[AuthKey.self] = newValue }
///     }
/// }
/// ```
///
/// Each value is created once per root, on its first read, and cached, as a ``DependencyKey``'s is; overrides win in
/// every context. A main-actor service is live state, so there is no fallback to the live value in tests:
/// ``testingValue`` is required (declare `static var testingValue: Value { defaultValue }` when the live value is
/// fine in tests), and ``previewValue`` defaults to it.
public protocol MainActorDependencyKey: SendableMetatype {
    /// The type of the dependency's value: a class isolated to the main actor, or any `Sendable` value.
    associatedtype Value: Sendable

    /// The value in the running app (``DependencyContext/default``), created on the main actor.
    @MainActor static var defaultValue: Value { get }

    /// The value in SwiftUI previews (``DependencyContext/preview``). Defaults to ``testingValue``.
    @MainActor static var previewValue: Value { get }

    /// The value in tests (``DependencyContext/testing``).
    @MainActor static var testingValue: Value { get }
}

extension MainActorDependencyKey {
    /// The key's ``testingValue``.
    @MainActor public static var previewValue: Value { testingValue }
}

extension DependencyValues {
    /// The value of the main-actor dependency for `key`: the innermost override, else the key's value for
    /// ``context``, created on the main actor on the first read in this root.
    ///
    /// Use it to implement a `@MainActor` ``DependencyValues`` property:
    ///
    /// ```swift
    /// extension DependencyValues {
    ///     @MainActor var auth: AuthService {
    ///         get { self[AuthKey.self] }
    ///         set { self[AuthKey.self] = newValue }
    ///     }
    /// }
    /// ```
    @MainActor
    public subscript<Key: MainActorDependencyKey>(key: Key.Type) -> Key.Value {
        get { self[MainActorKey<Key>.self] }
        set { self[MainActorKey<Key>.self] = newValue }
    }
}

/// The ``DependencyKey`` under which a ``MainActorDependencyKey``'s value is cached and overridden.
///
/// Only the `@MainActor` subscript names it, so the values below are asked for on the main actor, where a default is
/// created by its first read — unless code compiled in the Swift 5 language mode, which only warns about an
/// isolation violation, reads the property off the main actor; that read stops with a message instead of creating
/// the value on the wrong thread or waiting for the main thread.
enum MainActorKey<Key: MainActorDependencyKey>: DependencyKey {
    static var defaultValue: Key.Value { onMainActor { Key.defaultValue } }
    static var previewValue: Key.Value { onMainActor { Key.previewValue } }
    static var testingValue: Key.Value { onMainActor { Key.testingValue } }

    private static func onMainActor(_ body: @MainActor () -> Key.Value) -> Key.Value {
        guard MainActorCheck.isOnMainActor else {
            fatalError(
                """
                Ambient: \(visible: Key.self) is a MainActorDependencyKey, and its value was first asked for off the \
                main actor, where it cannot be created. Read it on the main actor (`await MainActor.run { ... }` in a \
                task); the Swift 6 language mode refuses such a read when it compiles it, the Swift 5 mode only warns.
                """)
        }
        return MainActor.assumeIsolated(body)
    }
}

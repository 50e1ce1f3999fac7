#if canImport(SwiftUI) && canImport(Combine)
    public import Combine
    public import SwiftUI

    // Apple API used here, looked up in Apple's documentation (docs search) rather than recalled:
    // - `protocol DynamicProperty` — `mutating func update()`, no actor isolation (iOS 13); hence `nonisolated` and
    //   `MainActor.assumeIsolated`, since SwiftUI calls it on the main thread.
    // - `@StateObject` — `nonisolated init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType)`,
    //   `@MainActor var wrappedValue: ObjectType { get }` (iOS 14 / macOS 11).
    // - `@ObservedObject` — `@MainActor init(wrappedValue:)`, `@MainActor var projectedValue:
    //   ObservedObject<ObjectType>.Wrapper`, whose dynamic member subscript gives `Binding`s (iOS 13).
    // - `protocol ObservableObject` (Combine, iOS 13). `@Environment` — `init(_:)`, `var wrappedValue` (iOS 13).
    // Availability: ObservableObject parts are iOS 14 / macOS 11; the package's floor (iOS 14 / macOS 11) covers
    // them, and the annotation below only documents it.

    /// Reads a dependency that is itself an `ObservableObject`, and updates the view when it changes.
    ///
    /// Use it for a shared object that lives in the dependencies rather than in one view: an auth service, a store.
    /// The view reads the instance at its position and observes it; when an ancestor's override hands it another
    /// instance, it observes that one instead.
    ///
    /// ```swift
    /// struct AccountBadge: View {
    ///     @InjectedObject(\.auth) private var auth
    ///
    ///     var body: some View {
    ///         Toggle("Stay signed in", isOn: $auth.staysSignedIn)
    ///     }
    /// }
    /// ```
    ///
    /// Outside a view it reads the values of the scope in which its owner was created, like `@Dependency`.
    ///
    /// Available on iOS 14, macOS 11, tvOS 14, watchOS 7 and later, where SwiftUI exists.
    @available(iOS 14, macOS 11, tvOS 14, watchOS 7, *)
    @MainActor @propertyWrapper
    public struct InjectedObject<ObjectType: ObservableObject & Sendable>: DynamicProperty {
        @Environment(\.dependencies) private var dependencies
        @StateObject private var relay = ObjectChangeRelay<ObjectType>()
        private let keyPath: any KeyPath<DependencyValues, ObjectType> & Sendable
        private let captured = DependencyValues.current
        private var installed: ObjectType?

        /// Reads the dependency at `keyPath` and observes it.
        ///
        /// - Parameter keyPath: The dependency, such as `\.auth`.
        public init(_ keyPath: any KeyPath<DependencyValues, ObjectType> & Sendable) {
            self.keyPath = keyPath
        }

        /// Reads the dependency at `keyPath`, a property isolated to the main actor, and observes it.
        ///
        /// Swift chooses it for a ``DependencyValues`` property declared in a module whose default isolation is
        /// `MainActor` (an Xcode 26 app target), or marked `@MainActor` — such as one backed by a
        /// ``MainActorDependencyKey``:
        ///
        /// ```swift
        /// @InjectedObject(\.auth) private var auth   // extension DependencyValues { @MainActor var auth: ... }
        /// ```
        ///
        /// - Parameter keyPath: The dependency, such as `\.auth`.
        public init(_ keyPath: KeyPath<DependencyValues, ObjectType>) {
            self.init(MainActorProperty.sendableKeyPath(for: keyPath))
        }

        /// The dependency at the view's position.
        public var wrappedValue: ObjectType { installed ?? captured[keyPath: keyPath] }

        /// Bindings to the object's properties: `$auth.staysSignedIn` is a `Binding<Bool>`.
        public var projectedValue: ObservedObject<ObjectType>.Wrapper {
            ObservedObject(wrappedValue: wrappedValue).projectedValue
        }

        /// Reads the dependency at the view's position and observes it; SwiftUI calls it.
        nonisolated public mutating func update() {
            MainActor.assumeIsolated {
                let object = dependencies[keyPath: keyPath]
                relay.follow(object)
                installed = object
            }
        }
    }
#endif

#if canImport(SwiftUI)
    public import Observation
    public import SwiftUI

    // Apple API used here, looked up in Apple's documentation (docs search) rather than recalled:
    // - `protocol DynamicProperty` — `mutating func update()`, no actor isolation (iOS 13); hence `nonisolated` and
    //   `MainActor.assumeIsolated`, since SwiftUI calls it on the main thread.
    // - `@State` — `init(wrappedValue value: Value)`, `var wrappedValue: Value` (iOS 13): keeps one storage per view
    //   identity. `@Environment` — `init(_:)`, `var wrappedValue: Value { get }` (iOS 13).
    // - `@Bindable` — `init(_ wrappedValue: Value)` where `Value: AnyObject & Observable`, and
    //   `subscript<Subject>(dynamicMember: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject>` (iOS 17 /
    //   macOS 14); `Binding` is `@dynamicMemberLookup` (iOS 13).
    // - `Binding` — `@preconcurrency init(get: @escaping @isolated(any) @Sendable () -> Value,
    //   set: @escaping @isolated(any) @Sendable (Value) -> Void)` (iOS 13 / macOS 10.15): bindings to a model that
    //   is not `@Observable`, as SwiftUI Dependencies offers them.
    // Availability: Observation parts are iOS 17 / macOS 14 / tvOS 17 / watchOS 10, above the package's floor
    // (iOS 14 / macOS 11), so `DependencyState` carries `@available` with those versions.

    /// Owns an `@Observable` view model built from the dependencies at the view's position.
    ///
    /// Use it where you would write `@State private var model = Model()` but the model needs dependencies. The
    /// model is built once per view identity, at the view's first update, with the values at its position and inside
    /// their scope (so the model's own `@Dependency` properties read the same values). Like `@State`, it keeps that
    /// model, and the values it was built with, across later updates.
    ///
    /// ```swift
    /// struct ProfileView: View {
    ///     @DependencyState private var model: ProfileModel
    ///
    ///     var body: some View {
    ///         TextField("Name", text: $model.name)   // a Binding, through the projected value
    ///     }
    /// }
    /// ```
    ///
    /// To pass other arguments, build the model yourself and hand the dependencies on:
    ///
    /// ```swift
    /// init(user: User) {
    ///     _model = DependencyState { dependencies in ProfileModel(user: user, dependencies: dependencies) }
    /// }
    /// ```
    ///
    /// When an ancestor's override changes later, the model keeps the values it was built with. To build a new model
    /// for the new values, give the view an identity that follows them, such as `.id(isDemo)`.
    ///
    /// Read the property in `body` or later; a read in the view's initializer is reported, and builds the model from
    /// the current scope instead of the view's position.
    ///
    /// The model's type is the generic parameter `Value`, as SwiftUI Dependencies names it, so extensions written
    /// against that package (`extension DependencyState where Value == ProfileModel`) keep compiling.
    ///
    /// Available on iOS 17, macOS 14, tvOS 17, watchOS 10 and later, where SwiftUI exists.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor @propertyWrapper
    public struct DependencyState<Value: ObservableDependency>: DynamicProperty {
        @Environment(\.dependencies) private var dependencies
        @State private var kept: ViewOwnedObject<Value>
        private var slot: ViewOwnedObjectSlot<Value>

        /// A model built by its `init(dependencies:)`.
        public init() {
            self.init(storage: ViewOwnedObject())
        }

        /// A model built by `build` from the dependencies at the view's position; `init(dependencies:)` is not used.
        ///
        /// - Parameter build: Builds the model; called once per view identity.
        public init(_ build: @escaping @MainActor (DependencyValues) -> Value) {
            self.init(storage: ViewOwnedObject { build($0) })
        }

        private init(storage: ViewOwnedObject<Value>) {
            slot = ViewOwnedObjectSlot(storage)
            _kept = State(wrappedValue: storage)
        }

        /// The model.
        public var wrappedValue: Value { slot.object }

        /// Bindings to the model's properties: `$model.name` is a `Binding<String>`.
        public var projectedValue: Wrapper { Wrapper(model: wrappedValue) }

        /// Hands out bindings to the properties of an `@Observable` model, through dynamic member lookup.
        @MainActor @dynamicMemberLookup
        public struct Wrapper {
            let model: Value

            /// A binding to the model's property at `keyPath`, made by `Bindable` for an `@Observable` model.
            ///
            /// - Parameter keyPath: The property, such as `\.name`.
            /// - Returns: A binding that reads and writes the property.
            public subscript<Subject>(
                dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>
            ) -> Binding<Subject> where Value: Observable {
                Bindable(model)[dynamicMember: keyPath]
            }

            /// A binding to the property at `keyPath` of a model that is not `@Observable`.
            ///
            /// SwiftUI Dependencies hands out such bindings for any model, so code that uses them keeps compiling.
            /// The view does not update when the model changes by itself, since nothing observes it; prefer
            /// `@Observable` models.
            ///
            /// - Parameter keyPath: The property, such as `\.name`.
            /// - Returns: A binding that reads and writes the property on the main actor.
            public subscript<Subject>(
                dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>
            ) -> Binding<Subject> {
                let model = model
                return Binding(
                    get: { @MainActor in model[keyPath: keyPath] },
                    set: { @MainActor newValue in model[keyPath: keyPath] = newValue }
                )
            }
        }

        /// Builds the model at the first update; SwiftUI calls it.
        nonisolated public mutating func update() {
            MainActor.assumeIsolated {
                kept.install(dependencies)
                slot.installed(kept)
            }
        }
    }
#endif

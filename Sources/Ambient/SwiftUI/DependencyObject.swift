#if canImport(SwiftUI) && canImport(Combine)
    public import SwiftUI

    // Apple API used here, looked up in Apple's documentation (docs search) rather than recalled:
    // - `protocol DynamicProperty` — `mutating func update()`, no actor isolation (iOS 13); hence `nonisolated` and
    //   `MainActor.assumeIsolated`, since SwiftUI calls it on the main thread.
    // - `@StateObject` — `nonisolated init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType)`,
    //   `@MainActor var wrappedValue: ObjectType { get }` (iOS 14 / macOS 11): keeps one relay per view identity and
    //   updates the view when the relay's `objectWillChange` fires.
    // - `@ObservedObject` — `@MainActor init(wrappedValue: ObjectType)`, `@MainActor var projectedValue:
    //   ObservedObject<ObjectType>.Wrapper` (iOS 13); `ObservedObject.Wrapper` — `@dynamicMemberLookup`,
    //   `subscript<Subject>(dynamicMember: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject>`.
    // - `@State` — `init(wrappedValue value: Value)`, `var wrappedValue: Value` (iOS 13): keeps one storage per
    //   view identity. `@Environment` — `init(_:)`, `var wrappedValue: Value { get }` (iOS 13).
    // Availability: ObservableObject parts are iOS 14 / macOS 11; the package's floor (iOS 14 / macOS 11) covers
    // them, and the annotation below only documents it.

    /// Owns an `ObservableObject` view model built from the dependencies at the view's position.
    ///
    /// Use it where you would write `@StateObject private var viewModel = ViewModel()` but the view model needs
    /// dependencies. It is built once per view identity, at the view's first update, with the values at its
    /// position and inside their scope (so its own `@Dependency` properties read the same values), and kept across
    /// later updates with the values it was built with, as `@StateObject` keeps its initial value. The view updates
    /// whenever the view model's `objectWillChange` fires.
    ///
    /// ```swift
    /// struct SettingsView: View {
    ///     @DependencyObject private var viewModel: SettingsViewModel
    ///
    ///     var body: some View {
    ///         Slider(value: $viewModel.sleepGoal, in: 4...12)   // a Binding, through the projected value
    ///     }
    /// }
    /// ```
    ///
    /// To pass other arguments, build the view model yourself and hand the dependencies on:
    ///
    /// ```swift
    /// init(user: String) {
    ///     _viewModel = DependencyObject { dependencies in SettingsViewModel(user: user, dependencies: dependencies) }
    /// }
    /// ```
    ///
    /// To build a new view model when an ancestor's override changes, give the view an identity that follows it,
    /// such as `.id(isDemo)`. Read the property in `body` or later; a read in the view's initializer is reported.
    ///
    /// Available on iOS 14, macOS 11, tvOS 14, watchOS 7 and later, where SwiftUI exists.
    @available(iOS 14, macOS 11, tvOS 14, watchOS 7, *)
    @MainActor @propertyWrapper
    public struct DependencyObject<ObjectType: ObservableDependencyObject>: DynamicProperty {
        @Environment(\.dependencies) private var dependencies
        @State private var kept: ViewOwnedObject<ObjectType>
        @StateObject private var relay = ObjectChangeRelay<ObjectType>()
        private var slot: ViewOwnedObjectSlot<ObjectType>

        /// A view model built by its `init(dependencies:)`.
        public init() {
            self.init(storage: ViewOwnedObject())
        }

        /// A view model built by `build` from the dependencies at the view's position; `init(dependencies:)` is not
        /// used.
        ///
        /// - Parameter build: Builds the view model; called once per view identity.
        public init(_ build: @escaping @MainActor (DependencyValues) -> ObjectType) {
            self.init(storage: ViewOwnedObject { build($0) })
        }

        private init(storage: ViewOwnedObject<ObjectType>) {
            slot = ViewOwnedObjectSlot(storage)
            _kept = State(wrappedValue: storage)
        }

        /// The view model.
        public var wrappedValue: ObjectType { slot.object }

        /// The projected value: it hands out bindings to the view model's properties.
        public typealias Wrapper = ObservedObject<ObjectType>.Wrapper

        /// Bindings to the view model's properties: `$viewModel.name` is a `Binding<String>`.
        public var projectedValue: Wrapper {
            ObservedObject(wrappedValue: wrappedValue).projectedValue
        }

        /// Builds the view model at the first update and subscribes the view to it; SwiftUI calls it.
        nonisolated public mutating func update() {
            MainActor.assumeIsolated {
                relay.follow(kept.install(dependencies))
                slot.installed(kept)
            }
        }
    }
#endif

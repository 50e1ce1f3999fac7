#if canImport(SwiftUI)
    public import SwiftUI

    // Apple API used here, looked up in Apple's documentation (docs search) rather than recalled:
    // - `protocol DynamicProperty` — `mutating func update()`, with no actor isolation; SwiftUI calls it before it
    //   computes the body of a view the property is installed in (iOS 13).
    // - `@Environment` — `init(_ keyPath: KeyPath<EnvironmentValues, Value>)`, `var wrappedValue: Value { get }`
    //   (iOS 13). Reading it outside an installed view draws a SwiftUI runtime warning, so it is only read in
    //   `update()`.
    // - Not confirmed in the documentation: whether `Environment` is `Sendable`; `ViewDependencies` says why its
    //   use is safe instead of relying on it.
    // Availability: iOS 13 / macOS 10.15, below the package's floor (iOS 14 / macOS 11); no `@available` is needed.

    /// `@Dependency` in a view reads the dependencies at the view's position and follows an ancestor's override when
    /// it changes; in any other type it reads the values of the scope in which its owner was created, as before.
    extension Dependency: DynamicProperty {}

    /// The part of `@Dependency` that SwiftUI updates: the dependencies at the view's position, once installed.
    @usableFromInline
    struct ViewDependencies: DynamicProperty, @unchecked Sendable {
        // Safe: `environment` is read only in `update()`, which SwiftUI calls on the main thread while the view is
        // installed; everywhere else this struct is only copied. `values` is a Sendable value.
        @Environment(\.dependencies) private var environment
        @usableFromInline private(set) var values: DependencyValues?

        @usableFromInline init() {}

        @usableFromInline mutating func update() {
            values = environment
        }
    }
#endif

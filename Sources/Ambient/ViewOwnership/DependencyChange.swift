/// One change that a `.dependency(_:_:)` or `.dependencies { ... }` modifier makes to the values of its subtree.
///
/// Two evaluations of the same modifier are recognised as the same change by what they set (see
/// ``DerivedDependencies``), so the subtree keeps its values. That holds for a value that is not `Equatable` too, as
/// long as it is made again the same way: the original package's demo writes `.dependency(\.api, DemoAPI())` with a
/// plain struct, in a body that SwiftUI runs again and again.
struct DependencyChange {
    /// Applies the change.
    let apply: (inout DependencyValues) -> Void
    /// Where the modifier is written: explanations of the overrides it sets point there.
    let site: CallSite?

    /// The change that sets one property, written at `site`.
    init<Value>(_ keyPath: WritableKeyPath<DependencyValues, Value>, _ value: Value, site: CallSite? = nil) {
        // NB: not `$0[keyPath: keyPath] = value`, which runs the property's getter and so creates what it replaces.
        self.init({ $0.assign(keyPath, value) }, site: site)
    }

    /// The change that a closure makes, written at `site`.
    init(_ transform: @escaping (inout DependencyValues) -> Void, site: CallSite? = nil) {
        apply = transform
        self.site = site
    }
}

/// One change that a `.dependency(_:_:)` or `.dependencies { ... }` modifier makes to the values of its subtree.
///
/// A change made by `.dependency(\.api, value)` knows what it sets, so two evaluations of the same modifier can be
/// recognised as the same change (see ``isSame(as:)``) and the subtree keeps its values. A closure cannot be
/// compared, so a `.dependencies { ... }` change counts as new each time.
struct DependencyChange {
    /// Applies the change.
    let apply: (inout DependencyValues) -> Void
    /// Where the modifier is written: explanations of the overrides it sets point there.
    let site: CallSite?
    private let setting: (keyPath: AnyKeyPath, value: Any)?

    /// The change that sets one property, written at `site`.
    init<Value>(_ keyPath: WritableKeyPath<DependencyValues, Value>, _ value: Value, site: CallSite? = nil) {
        apply = { $0[keyPath: keyPath] = value }
        self.site = site
        setting = (keyPath, value)
    }

    /// The change that a closure makes, written at `site`.
    init(_ transform: @escaping (inout DependencyValues) -> Void, site: CallSite? = nil) {
        apply = transform
        self.site = site
        setting = nil
    }

    /// Whether `other` sets the same property to the same value: an equal value when its type is `Equatable`, the
    /// same instance when it is a class. Anything else counts as different.
    func isSame(as other: DependencyChange) -> Bool {
        guard let mine = setting, let theirs = other.setting, mine.keyPath == theirs.keyPath else { return false }
        if let value = mine.value as? any Equatable { return value.isEqual(to: theirs.value) }
        if type(of: mine.value) is AnyClass, type(of: theirs.value) is AnyClass {
            return mine.value as AnyObject === theirs.value as AnyObject
        }
        return false
    }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

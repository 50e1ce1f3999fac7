/// One change that a `.dependency(_:_:)` or `.dependencies { ... }` modifier makes to the values of its subtree.
///
/// A change made by `.dependency(\.api, value)` knows what it sets, so two evaluations of the same modifier can be
/// recognised as the same change (see ``isSame(as:)``) and the subtree keeps its values. That holds for a value that
/// is not `Equatable` too, as long as it is made again the same way: the original package's demo writes
/// `.dependency(\.api, DemoAPI())` with a plain struct, in a body that SwiftUI runs again and again. A closure
/// cannot be compared before it runs: a `.dependencies { ... }` change is compared by what it sets instead (see
/// ``DerivedDependencies``).
struct DependencyChange {
    /// Applies the change.
    let apply: (inout DependencyValues) -> Void
    /// Where the modifier is written: explanations of the overrides it sets point there.
    let site: CallSite?
    private let setting: (keyPath: AnyKeyPath, value: Any)?

    /// The change that sets one property, written at `fileID` and `line`.
    init<Value>(
        _ keyPath: WritableKeyPath<DependencyValues, Value>, _ value: Value, fileID: StaticString = #fileID,
        line: UInt = #line
    ) {
        // NB: not `$0[keyPath: keyPath] = value`, which runs the property's getter and so creates what it replaces.
        apply = { $0.assign(keyPath, value) }
        site = CallSite(fileID: fileID, line: line)
        setting = (keyPath, value)
    }

    /// The change that a closure makes, written at `fileID` and `line`.
    init(_ transform: @escaping (inout DependencyValues) -> Void, fileID: StaticString = #fileID, line: UInt = #line) {
        apply = transform
        site = CallSite(fileID: fileID, line: line)
        setting = nil
    }

    /// Whether `other` sets the same property to the same value (see `isSameDependencyValue(_:_:)`); a closure
    /// change is never the same.
    func isSame(as other: DependencyChange) -> Bool {
        guard let mine = setting, let theirs = other.setting, mine.keyPath == theirs.keyPath else { return false }
        return isSameDependencyValue(mine.value, theirs.value)
    }
}

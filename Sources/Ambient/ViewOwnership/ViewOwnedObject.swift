/// The storage behind `@DependencyObject` and `@DependencyState`: the object a view owns, built once from the
/// dependencies at the view's position.
///
/// Every decision about the object lives here, so the Linux tests cover it; the SwiftUI wrappers only keep one
/// storage per view identity (in `@State` or `@StateObject`) and call ``install(_:observe:)`` from `update()`.
///
/// - The first ``install(_:observe:)`` builds the object from the values it is given, inside their scope
///   (`withDependencies(values)`), so the object's own `@Dependency` properties agree with `init(dependencies:)`.
/// - Later installs return the same object and ignore their values, as `StateObject` keeps its initial value.
/// - The builder is the one the storage was made with: a custom closure, or the type's `init(dependencies:)` —
///   never both.
/// - Installs that race build one object; the losers wait for it.
/// - The object and its change subscription live as long as the storage, that is, as long as the view.
/// - Reading ``object`` before any install is reported once per type, and builds the storage's one object from the
///   current scope rather than a throwaway instance.
final class ViewOwnedObject<Object: AnyObject>: @unchecked Sendable {
    // Safe: `build` is called at most once, by the caller that wins `cell`; `subscription` is only touched inside
    // `subscriptionLock`. Handing a non-Sendable `Object` to several threads is the caller's choice (SwiftUI calls
    // from the main actor only).
    private let build: (DependencyValues) -> Object
    private let cell = OnceCell<Object>()
    private let subscriptionLock = ConditionLock<AnyObject?>(nil)

    /// A storage whose object `build` makes from the values at the view's position.
    ///
    /// - Parameter build: Makes the object; called at most once.
    init(build: @escaping (DependencyValues) -> Object) {
        self.build = build
    }

    /// The object, once built.
    var builtObject: Object? { cell.value }

    /// Installs the storage with the values at the view's position: the first call builds the object from them.
    ///
    /// - Parameters:
    ///   - values: The dependencies at the view's position; ignored once the object exists.
    ///   - observe: Subscribes the view to the object's changes; called once per storage, the first time an install
    ///     finds the object built. The subscription is kept, and released with the storage.
    /// - Returns: The object.
    @discardableResult
    func install(_ values: DependencyValues, observe: ((Object) -> AnyObject)? = nil) -> Object {
        let object = object(builtFrom: values)
        if let observe {
            subscriptionLock.withLock { subscription in
                if subscription == nil { subscription = observe(object) }
            }
        }
        return object
    }

    /// The object for a read: the one built at install, else — reported once per type — the storage's one object,
    /// built from the current scope.
    var object: Object {
        if let object = cell.value { return object }
        IssueReporting.reportOnce(
            .misuse,
            token: "read before install: \(ObjectIdentifier(Object.self))",
            Messages.readBeforeInstall(Object.self),
            to: DependencyValues.current.storage.root.reporter
        )
        return object(builtFrom: DependencyValues.current)
    }

    private func object(builtFrom values: DependencyValues) -> Object {
        cell.value(orBuild: { withDependencies(values) { build(values) } }) {
            fatalError(Messages.reentrantBuild(Object.self))
        }
    }
}

extension ViewOwnedObject {
    /// A storage whose object a main-actor closure builds, such as `DependencyState { ViewModel(dependencies: $0) }`.
    ///
    /// Install it from the main actor, as SwiftUI does.
    ///
    /// - Parameter build: Makes the object; called at most once.
    @MainActor
    convenience init(_ build: @escaping @MainActor (DependencyValues) -> Object) {
        self.init { values in build(values) }
    }
}

extension ViewOwnedObject where Object: DependencyInjectable {
    /// A storage whose object is built by the type's own `init(dependencies:)`.
    ///
    /// Install it from the main actor, as SwiftUI does.
    @MainActor
    convenience init() {
        self.init { values in Object(dependencies: values) }
    }
}

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
/// - Reading ``object`` before any install is reported (to the running test, or once per type as a warning), and
///   builds the storage's one object from the current scope. For the first value of a view, whose storage SwiftUI
///   keeps, that is the object the view keeps. Each later value of the view (SwiftUI makes one each time the
///   parent's body runs) has a storage of its own that SwiftUI does not keep: an early read there builds one more
///   object, which the view never uses, and which ``letGoOfUnkeptObject()`` frees as soon as the view is installed.
final class ViewOwnedObject<Object: AnyObject>: @unchecked Sendable {
    // Safe: `build` is called at most once to fill `cell`, by the caller that wins it (and again only for a read of a
    // storage that let go of its object, which nothing makes); `subscription` is only touched inside
    // `subscriptionLock`; `Held` argues for itself. Handing a non-Sendable `Object` to several threads is the
    // caller's choice (SwiftUI calls from the main actor only).
    private let build: (DependencyValues) -> Object
    private let cell = OnceCell<Held>()
    private let subscriptionLock = ConditionLock<AnyObject?>(nil)

    /// The object once built, until a storage that SwiftUI did not keep lets go of it.
    private final class Held: @unchecked Sendable {
        // Safe: the reference is only touched inside the lock.
        private let reference: ConditionLock<Object?>

        init(_ object: Object) {
            reference = ConditionLock(object)
        }

        var object: Object? { reference.withLock { $0 } }

        /// Drops the reference; the object is released after the lock, so that its `deinit` may use this storage.
        func letGo() {
            let object = reference.withLock { reference in
                defer { reference = nil }
                return reference
            }
            withExtendedLifetime(object) {}
        }
    }

    /// A storage whose object `build` makes from the values at the view's position.
    ///
    /// - Parameter build: Makes the object; called at most once.
    init(build: @escaping (DependencyValues) -> Object) {
        self.build = build
    }

    /// The object, once built (and not let go of).
    var builtObject: Object? { cell.value?.object }

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

    /// The object for a read: the one built at install, else — reported — the storage's one object, built from the
    /// current scope.
    var object: Object {
        if let object = builtObject { return object }
        IssueReporting.report(
            .misuse,
            Messages.readBeforeInstall(Object.self),
            once: "read before install: \(ObjectIdentifier(Object.self))",
            to: DependencyValues.current.storage.root.reporter
        )
        return object(builtFrom: DependencyValues.current)
    }

    /// Lets go of the object an early read built, in a storage that SwiftUI did not keep for the view's identity:
    /// nothing reads it again (the view reads the kept storage's), though SwiftUI holds this storage as long as the
    /// view's current value.
    func letGoOfUnkeptObject() {
        cell.value?.letGo()
    }

    private func object(builtFrom values: DependencyValues) -> Object {
        let held = cell.value(orBuild: { Held(withDependencies(values) { build(values) }) }) {
            fatalError(Messages.reentrantBuild(Object.self))
        }
        // NB: `nil` only in a storage that let go of its object, which nothing reads; such a read gets a new object.
        return held.object ?? withDependencies(values) { build(values) }
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

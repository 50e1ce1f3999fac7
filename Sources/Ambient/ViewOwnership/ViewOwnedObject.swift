/// The storage behind `@DependencyObject` and `@DependencyState`: the object a view owns, built once from the
/// dependencies at the view's position.
///
/// Every decision about the object lives here, so the Linux tests cover it; the SwiftUI wrappers only keep one
/// storage per view identity (in `@State`) and call ``install(_:)`` from `update()`.
///
/// - The first ``install(_:)`` builds the object from the values it is given, inside their scope
///   (`withDependencies(values)`), so the object's own `@Dependency` properties agree with `init(dependencies:)`.
/// - Later installs return the same object and ignore their values, as `StateObject` keeps its initial value.
/// - The builder is the one the storage was made with: a custom closure, or the type's `init(dependencies:)` —
///   never both.
/// - Installs that race build one object; the losers wait for it.
/// - The object lives as long as the storage, that is, as long as the view.
/// - Reading ``object`` before any install is reported (to the running test, or once per type as a warning), and
///   builds the storage's one object from the current scope. For the first value of a view, whose storage SwiftUI
///   keeps, that is the object the view keeps. Each later value of the view (SwiftUI makes one each time the
///   parent's body runs) has a storage of its own that SwiftUI does not keep: an early read there builds one more
///   object, which the view never uses, and which ``letGoOfUnkeptObject()`` frees as soon as the view is installed.
final class ViewOwnedObject<Object: AnyObject>: @unchecked Sendable {
    // Safe: `build` is called to fill `state` by the one caller that moves it from `empty` to `building`; `state` is
    // only touched inside its lock. Handing a non-Sendable `Object` to several threads is the caller's choice
    // (SwiftUI calls from the main actor only).
    private let build: (DependencyValues) -> Object
    private let state = ConditionLock(State.empty)

    /// The object's life: not built, being built by a thread (others wait for it), then built — until a storage
    /// that SwiftUI did not keep lets go of it, and is empty again.
    private enum State {
        case empty
        case building(thread: UInt)
        case built(Object)
    }

    /// A storage whose object `build` makes from the values at the view's position.
    ///
    /// - Parameter build: Makes the object; called at most once.
    init(build: @escaping (DependencyValues) -> Object) {
        self.build = build
    }

    /// The object, once built (and not let go of).
    var builtObject: Object? {
        state.withLock { if case .built(let object) = $0 { object } else { nil } }
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
        return install(DependencyValues.current)
    }

    /// Lets go of the object an early read built, in a storage that SwiftUI did not keep for the view's identity:
    /// nothing reads it again (the view reads the kept storage's), though SwiftUI holds this storage as long as the
    /// view's current value.
    func letGoOfUnkeptObject() {
        let object = state.withLock { state -> Object? in
            guard case .built(let object) = state else { return nil }
            state = .empty
            return object
        }
        // Released after the lock, so that the object's `deinit` may use this storage.
        withExtendedLifetime(object) {}
    }

    /// Installs the storage with the values at the view's position: the first call builds the object from them.
    ///
    /// The first caller builds, and the others wait for it; a builder that asks for the object again on its own
    /// thread would wait for itself forever, so that stops with a message.
    ///
    /// - Parameter values: The dependencies at the view's position; ignored once the object exists.
    /// - Returns: The object.
    @discardableResult
    func install(_ values: DependencyValues) -> Object {
        let thread = currentThreadID()
        // The object built, or `.some(nil)` once this thread claimed its building; `nil` waits for another's.
        let found = state.waitFor { state -> Object?? in
            switch state {
            case .built(let object): return object
            case .empty:
                state = .building(thread: thread)
                return .some(nil)
            case .building(let builder):
                if builder == thread { fatalError(Messages.reentrantBuild(Object.self)) }
                return nil
            }
        }
        if let found { return found }
        let object = withDependencies(values) { build(values) }
        state.withLockBroadcasting { $0 = .built(object) }
        return object
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

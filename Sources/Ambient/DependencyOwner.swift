/// A base class that reads the current values once per object, instead of once per `@Dependency` property.
///
/// A plain `@Dependency` property reads ``DependencyValues/current`` when its owner is created: an object with ten
/// of them reads the current scope ten times, because a property wrapper cannot see the object it belongs to. A
/// subclass of `DependencyOwner` reads it once, in `init`, and keeps it in ``dependencies``; inside the subclass,
/// `@Dependency` names ``OwnedDependency``, which keeps only the key and reads through the owner. The properties are
/// declared exactly as before, and they mean the same: the values of the scope in which the object was created,
/// for its whole life.
///
/// ```swift
/// final class ReportBuilder: DependencyOwner {
///     @Dependency(\.api) private var api
///     @Dependency(\.date) private var date
///
///     func build() async throws -> Report { try await Report(items: api.items(), date: date.now) }
/// }
///
/// let builder = withDependencies { $0.api = StubAPI() } operation: { ReportBuilder() }
/// // builder.api is StubAPI, wherever builder goes.
/// ```
///
/// Use it for objects with several dependencies that are created often (request handlers, rows, parsers); for
/// anything else a plain class is as good. A subclass may override ``init(dependencies:)`` to be built by
/// `@DependencyObject` or `@DependencyState` with the values at a view's position.
///
/// In a type nested inside a subclass, `@Dependency` also names ``OwnedDependency``, which only a
/// `DependencyOwner` can hold; the compiler says so. Write `@Ambient.Dependency` there.
open class DependencyOwner {
    /// The values this object was created with; its `@Dependency` properties read these.
    public let dependencies: DependencyValues

    /// Inside a subclass, `@Dependency` is the wrapper that reads through the owner's ``dependencies``.
    public typealias Dependency<Value: Sendable> = OwnedDependency<Value>

    /// Takes the values of the current scope: ``DependencyValues/current``, read once.
    ///
    /// A subclass isolated to the main actor can neither inherit nor override this nonisolated initializer: in an app
    /// target, where a class is isolated to the main actor by default, declare the subclass `nonisolated final class`.
    public init() {
        dependencies = .current
        captureReadsDuringCreation()
        // NB: Swift shows the two lines above each initializer under "overridden declaration is here" when an app
        // target's subclass, isolated to the main actor, cannot inherit it: they say the fix.
    }

    /// Takes the given values, for an object built with the values at a view's position or captured earlier.
    ///
    /// - Parameter dependencies: The values the object's `@Dependency` properties read.
    ///
    /// Nonisolated, as ``init()`` is: in an app target a subclass, isolated to the main actor by default, can neither
    /// inherit nor override it; declare the subclass `nonisolated final class`.
    public init(dependencies: DependencyValues) {
        self.dependencies = dependencies
        captureReadsDuringCreation()
    }

    /// While a default is being created from these values, notes the keys of this object's properties as read, as
    /// a plain `@Dependency` does when it is created: the default is then rebuilt for a scope that overrides them.
    private func captureReadsDuringCreation() {
        guard dependencies.storage.recorder?.isOpen == true else { return }
        // NB: the properties are found by reflection, which is slow, but only while a default is being created: a
        // subclass's stored properties are all initialized before `super.init` runs, so they are all visible here.
        var mirror: Mirror? = Mirror(reflecting: self)
        while let current = mirror {
            for case let property as any OwnedDependencyRead in current.children.map(\.value) {
                property.nameDuringCreation(in: dependencies)
            }
            mirror = current.superclassMirror
        }
    }
}

/// What ``DependencyOwner`` needs of an ``OwnedDependency`` whose value type it does not know.
protocol OwnedDependencyRead: Sendable {
    /// While a default is being created from `values`, names the property's key without reading its value.
    func nameDuringCreation(in values: DependencyValues)
}

import Ambient

/// A value-typed probe, a default or an override, that may hold `@Dependency` properties and the values it was
/// created from; its token counts it among the live instances for as long as a copy exists.
struct ValueProbe: ModelProbe {
    let serial: Int
    var references: [Dependency<any ModelProbe>] = []
    var captured: DependencyValues?
    private let token = LiveToken()

    func readReference(_ index: Int) -> (any ModelProbe)? { references.dropFirst(index).first?.wrappedValue }
}

/// A class-typed probe: what a ``ValueProbe`` holds, in an object.
///
/// Given `reads`, its `init` starts a task that reads them once the program lets it, then runs until the default is
/// freed (see ``ModelRuntime/startWork(for:reading:)``).
final class ObjectProbe: ModelProbe {
    let contents: ValueProbe
    private let work: Int?

    init(_ contents: ValueProbe, reads: [Int]? = nil) {
        (self.contents, work) = (contents, reads.map { ModelRuntime.shared.startWork(for: contents, reading: $0) })
    }

    deinit { if let work { ModelRuntime.shared.freed(work) } }

    var serial: Int { contents.serial }
    func readReference(_ index: Int) -> (any ModelProbe)? { contents.readReference(index) }
    var captured: DependencyValues? { contents.captured }
}

/// Counts one value among the live instances of the program that runs when it is made.
final class LiveToken: Sendable {
    private let census = ModelRuntime.shared.census

    init() { census.withLock { $0 += 1 } }

    deinit { census.withLock { $0 -= 1 } }
}

/// A `DependencyOwner` probe, counted among the live instances, whose one `@Dependency` reads `Key` through its key
/// path.
class OwnerProbe<Key: ModelKey>: DependencyOwner, ModelProbe, @unchecked Sendable {
    // Safe: the stored properties of it and its subclass are `let`s and `@Dependency`s, written in `init` and only
    // read afterwards.
    let serial: Int
    @Dependency(ModelKeys.keyPaths[Key.index]) var held
    private let token = LiveToken()

    init(serial: Int) {
        self.serial = serial
        super.init()
    }

    func readReference(_ index: Int) -> (any ModelProbe)? { index == 0 ? held : nil }
    var captured: DependencyValues? { nil }
}

/// A subclass of an ``OwnerProbe`` of `Inherited` that declares its own `@Dependency`, on `Own`: the properties of
/// every class of the hierarchy are the owner's.
final class OwnerSubclassProbe<Inherited: ModelKey, Own: ModelKey>: OwnerProbe<Inherited>, @unchecked Sendable {
    // Safe: as its superclass, its one stored property is a `@Dependency` written in `init` and only read afterwards.
    @Dependency(Own.self) var own

    override func readReference(_ index: Int) -> (any ModelProbe)? { index == 1 ? own : super.readReference(index) }
}

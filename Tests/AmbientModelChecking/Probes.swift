import Ambient
import Foundation

/// A probe that may hold `@Dependency` properties and the values it was created from.
protocol ReferencingProbe: ModelProbe {
    var references: [Dependency<any ModelProbe>] { get }
    var captured: DependencyValues? { get }
}

extension ReferencingProbe {
    func readReference(_ index: Int) -> (any ModelProbe)? {
        references.indices.contains(index) ? references[index].wrappedValue : nil
    }

    func readCaptured(_ key: Int) -> (any ModelProbe)? {
        captured.map { ModelKeys.read(key, in: $0) }
    }
}

/// A class-typed probe: a default that may hold `@Dependency` properties and the values it was created from.
///
/// Given `reads`, its `init` starts a task that reads them once the program lets it, then runs until the default is
/// freed (see ``ModelRuntime/startWork(of:reading:)``).
final class ObjectProbe: ReferencingProbe {
    let serial: Int
    let references: [Dependency<any ModelProbe>]
    let captured: DependencyValues?
    private let token = LiveToken()
    private let work: ModelRuntime.WorkID?

    init(
        serial: Int, references: [Dependency<any ModelProbe>] = [], captured: DependencyValues? = nil,
        reads: [Int]? = nil
    ) {
        (self.serial, self.references, self.captured) = (serial, references, captured)
        work = reads.map { ModelRuntime.shared.startWork(of: serial, reading: $0) }
    }

    deinit {
        if let work { ModelRuntime.shared.freed(work) }
    }
}

/// A value-typed probe; its token counts it among the live instances for as long as a copy exists.
struct ValueProbe: ReferencingProbe {
    let serial: Int
    var references: [Dependency<any ModelProbe>] = []
    var captured: DependencyValues?
    private let token = LiveToken()
}

/// Counts one value among the live instances.
final class LiveToken: Sendable {
    private let program = ModelRuntime.shared.instanceCreated()

    deinit { ModelRuntime.shared.instanceFreed(of: program) }
}

/// A `DependencyOwner` counted among the live instances, with its serial: the base of the owner probes.
class CountedOwner: DependencyOwner, @unchecked Sendable {
    // Safe: the stored properties of it and its subclasses are `let`s and `@Dependency`s, written in `init` and only
    // read afterwards.
    let serial: Int
    private let token = LiveToken()

    init(serial: Int) {
        self.serial = serial
        super.init()
    }

    func readCaptured(_ key: Int) -> (any ModelProbe)? { nil }
}

/// A `DependencyOwner` probe whose one `@Dependency` reads `Key` through its key path.
final class OwnerProbe<Key: ModelKey>: CountedOwner, ModelProbe, @unchecked Sendable {
    @Dependency(ModelKeys.keyPaths[Key.index]) var held

    func readReference(_ index: Int) -> (any ModelProbe)? { index == 0 ? held : nil }
}

/// A `DependencyOwner` subclass whose superclass declares a `@Dependency` on `Inherited` and which declares its own
/// on `Own`: the properties of every class of the hierarchy are the owner's.
class OwnerBaseProbe<Inherited: ModelKey>: CountedOwner, @unchecked Sendable {
    @Dependency(ModelKeys.keyPaths[Inherited.index]) var inherited
}

/// The subclass of ``OwnerBaseProbe``.
final class OwnerSubclassProbe<Inherited: ModelKey, Own: ModelKey>: OwnerBaseProbe<Inherited>, ModelProbe,
    @unchecked Sendable
{
    @Dependency(Own.self) var own

    func readReference(_ index: Int) -> (any ModelProbe)? {
        switch index {
        case 0: inherited
        case 1: own
        default: nil
        }
    }
}

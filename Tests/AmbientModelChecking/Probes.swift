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
/// Given `reads`, its `init` starts a `Task { [weak self] in … }` that reads them through `DependencyValues.current`
/// once the program lets it, then runs until the default is freed, and is cancelled in `deinit`: a periodic flush or
/// a stream consumer (Semantics: "Bookkeeping ends with the creation").
final class ObjectProbe: ReferencingProbe {
    let serial: Int
    let references: [Dependency<any ModelProbe>]
    let captured: DependencyValues?
    private let task = TaskSlot()
    private let token = LiveToken()
    private let work: ModelRuntime.WorkID?

    init(
        serial: Int, references: [Dependency<any ModelProbe>] = [], captured: DependencyValues? = nil,
        reads: [Int]? = nil
    ) {
        (self.serial, self.references, self.captured) = (serial, references, captured)
        work = reads.map { _ in ModelRuntime.shared.registerWork(of: serial) }
        guard let reads, let work else { return }
        task.start(
            ProgramExecutor.task { [weak self] in
                if await ModelRuntime.shared.waitUntilReleased(work) {
                    for key in reads { _ = ModelKeys.read(key, in: .current) }
                    ModelRuntime.shared.finish(work)
                }
                // Runs until the default is freed, whose `deinit` cancels this task.
                if self != nil { await untilCancelled() }
                ModelRuntime.shared.note(work, ended: true)
            })
    }

    deinit {
        if let work { ModelRuntime.shared.note(work, freed: true) }
        task.cancel()
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

/// Suspends until the current task is cancelled: on no timer, in a stream that nothing feeds, which ends with the
/// task.
func untilCancelled() async {
    var feed: AsyncStream<Never>.Continuation?
    let nothing = AsyncStream<Never> { feed = $0 }
    for await _ in nothing {}
    feed?.finish()
}

/// The task an ``ObjectProbe`` started, cancelled when the probe is freed.
final class TaskSlot: @unchecked Sendable {
    // Safe: `task` is behind `lock`.
    private let lock = NSLock()
    private var task: Task<Void, Never>?

    func start(_ task: Task<Void, Never>) { lock.withLock { self.task = task } }
    func cancel() { lock.withLock { task }?.cancel() }
}

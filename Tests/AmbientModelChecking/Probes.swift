import Ambient
import Foundation

/// A class-typed probe: a default that may hold `@Dependency` properties and the values it was created from.
final class ObjectProbe: ModelProbe {
    let serial: Int
    let references: [Dependency<any ModelProbe>]
    let captured: DependencyValues?

    init(serial: Int, references: [Dependency<any ModelProbe>], captured: DependencyValues?) {
        self.serial = serial
        self.references = references
        self.captured = captured
        ModelRuntime.shared.instanceCreated()
    }

    deinit { ModelRuntime.shared.instanceFreed() }

    func readReference(_ index: Int) -> (any ModelProbe)? {
        references.indices.contains(index) ? references[index].wrappedValue : nil
    }

    func readCaptured(_ key: Int) -> (any ModelProbe)? {
        captured.map { ModelKeys.read(key, in: $0) }
    }
}

/// A value-typed probe; its token counts it among the live instances for as long as a copy exists.
struct ValueProbe: ModelProbe {
    let serial: Int
    let references: [Dependency<any ModelProbe>]
    let captured: DependencyValues?
    private let token = LiveToken()

    func readReference(_ index: Int) -> (any ModelProbe)? {
        references.indices.contains(index) ? references[index].wrappedValue : nil
    }

    func readCaptured(_ key: Int) -> (any ModelProbe)? {
        captured.map { ModelKeys.read(key, in: $0) }
    }
}

/// Counts one value among the live instances.
final class LiveToken: Sendable {
    init() { ModelRuntime.shared.instanceCreated() }
    deinit { ModelRuntime.shared.instanceFreed() }
}

/// A `DependencyOwner` probe whose one `@Dependency` reads `Key` through its key path.
final class OwnerProbe<Key: ModelKey>: DependencyOwner, ModelProbe, @unchecked Sendable {
    // Safe: the stored properties are a `let` and a `@Dependency`, written in `init` and only read afterwards.
    @Dependency(ModelKeys.keyPaths[Key.index]) var held
    let serial: Int

    init(serial: Int) {
        self.serial = serial
        super.init()
        ModelRuntime.shared.instanceCreated()
    }

    deinit { ModelRuntime.shared.instanceFreed() }

    func readReference(_ index: Int) -> (any ModelProbe)? { index == 0 ? held : nil }

    func readCaptured(_ key: Int) -> (any ModelProbe)? { nil }
}

/// An object that is not a default: built by a program in some scope, it reads every key in that scope's values.
final class ModelHolder: Sendable {
    private let dependencies: [Dependency<any ModelProbe>]

    init(byKeyPath: Bool) {
        dependencies = (0..<ModelKeys.count).map { ModelKeys.dependency(on: $0, byKeyPath: byKeyPath) }
        ModelRuntime.shared.instanceCreated()
    }

    deinit { ModelRuntime.shared.instanceFreed() }

    func read(_ key: Int) -> any ModelProbe { dependencies[key].wrappedValue }
}

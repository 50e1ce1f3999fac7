import Ambient
import Foundation

/// What the keys' defaults do in the program that runs now, and what they did: creations and live instances.
///
/// One program runs at a time (the suite is serialized, the soak runs programs one after another).
final class ModelRuntime: @unchecked Sendable {
    // Safe: every stored property is behind `lock`.

    static let shared = ModelRuntime()

    private let lock = NSLock()
    private var behaviors: [KeyBehavior] = []
    private var lastSerial = 0
    private var creations: [Int] = Array(repeating: 0, count: ModelKeys.count)
    private var alive = 0

    /// Starts a program whose keys behave as `behaviors`: serials start again from 1, creation counts from 0.
    func start(_ behaviors: [KeyBehavior]) {
        lock.withLock {
            self.behaviors = behaviors
            lastSerial = 0
            creations = Array(repeating: 0, count: ModelKeys.count)
        }
    }

    /// How many times each key's default was created since ``start(_:)``.
    var creationCounts: [Int] { lock.withLock { creations } }

    /// How many probes, owners and holders are alive, in every program.
    var liveInstances: Int { lock.withLock { alive } }

    func instanceCreated() { lock.withLock { alive += 1 } }
    func instanceFreed() { lock.withLock { alive -= 1 } }

    /// The body of every key's `defaultValue`, `previewValue` and `testingValue`: the program's behavior for `key`.
    func makeDefault(of key: Int, in _: DependencyContext) -> any ModelProbe {
        let (behavior, serial) = lock.withLock { () -> (KeyBehavior, Int) in
            creations[key] += 1
            lastSerial += 1
            return (behaviors.indices.contains(key) ? behaviors[key] : KeyBehavior(), lastSerial)
        }
        for read in behavior.reads {
            _ = ModelKeys.read(read, in: .current)
        }
        let references = behavior.references.map { ModelKeys.dependency(on: $0.key, byKeyPath: $0.byKeyPath) }
        let captured: DependencyValues? = behavior.capturesCurrent ? .current : nil
        switch behavior.shape {
        case .owner(let held):
            return ModelKeys.owner(holding: held, serial: serial)
        case .object:
            return ObjectProbe(serial: serial, references: references, captured: captured)
        case .value:
            return ValueProbe(serial: serial, references: references, captured: captured)
        }
    }
}

import Dispatch
import Testing

@testable import Ambient

/// `PropertyKeys` learns a key path's key without a lock: threads that learn the same key paths at once each find
/// every one of them learned once, with its key.
@Suite struct PropertyKeysTests {
    @Test func threadsLearningTheSameKeyPathsAtOnceAgree() {
        let keyPaths: [any AnyObject & Sendable] = (0..<64).map { index in
            \DependencyValues.[plain: index] as any KeyPath<DependencyValues, Int> & Sendable
        }
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for offset in keyPaths.indices {
                let keyPath = keyPaths[(offset + worker) % keyPaths.count]
                PropertyKeys.learn(keyPath, reads: BaseNumberKey.self)
                #expect(PropertyKeys.key(for: keyPath) == BaseNumberKey.self)
            }
        }
        for keyPath in keyPaths {
            #expect(PropertyKeys.key(for: keyPath) == BaseNumberKey.self)
        }
    }
}

import Foundation
import Testing

@testable import Ambient

/// Semantics: cycles are named. A default that needs itself stops with a message naming the whole cycle.
@Suite struct CycleTests {
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func cycleThroughSeveralKeysStopsWithTheWholeCycle() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = DependencyValues.current[CycleAKey.self]
        }
        let text = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(
            text.contains(
                """
                Ambient: dependency cycle: CycleAKey → CycleBKey → CycleCKey → CycleAKey. The default value of \
                CycleAKey needs itself while it is being created. Break the cycle: build one of these values \
                without reading the next (pass it in, or read it lazily when it is used), or override one of them.
                """
            )
        )
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func defaultThatReadsItselfStopsWithAOneKeyCycle() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = DependencyValues.current[SelfCycleKey.self]
        }
        let text = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(text.contains("Ambient: dependency cycle: SelfCycleKey → SelfCycleKey."))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func cycleAcrossTwoThreadsStopsInsteadOfDeadlocking() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // Watchdog: were the cycle missed, both threads would wait for each other; after a minute the waiting
            // thread's warning names the keys, and the process ends with success, which fails the test.
            CreationWait.delayOverride.withLock { $0 = 60 }
            CreationWait.afterWarning.withLock { $0 = { exit(0) } }
            let values = DependencyValues.current
            Thread.detachNewThread { _ = values[CrossThreadAKey.self] }
            Thread.detachNewThread { _ = values[CrossThreadBKey.self] }
            CrossThreadRendezvous.release()
            // The event this waits for is the end of the process, which one of the threads brings about.
            await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
        }
        let text = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        let forward = "Ambient: dependency cycle: CrossThreadAKey → CrossThreadBKey → CrossThreadAKey."
        let backward = "Ambient: dependency cycle: CrossThreadBKey → CrossThreadAKey → CrossThreadBKey."
        #expect(text.contains(forward) || text.contains(backward))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func cycleMessageNamesTheKeysInOrder() {
        let root = ObjectIdentifier(Root.process)
        let a = Creation(
            key: ObjectIdentifier(CycleAKey.self), keyType: CycleAKey.self, context: .testing, thread: 1, parent: nil,
            root: root)
        let b = Creation(
            key: ObjectIdentifier(CycleBKey.self), keyType: CycleBKey.self, context: .testing, thread: 1, parent: a,
            root: root)
        #expect(
            CycleReport.sameThreadCycle(reentering: a, from: b).hasPrefix(
                "Ambient: dependency cycle: CycleAKey → CycleBKey → CycleAKey."
            ))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func overridingAKeyOfTheCycleBreaksIt() {
        withFreshRoot {
            withDependencies {
                $0[CycleCKey.self] = 7
            } operation: {
                #expect(DependencyValues.current[CycleAKey.self] == 7)
            }
        }
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func dependencyPropertyOnItsOwnKeyIsNotACycle() {
        withFreshRoot {
            let client = DependencyValues.current[SelfReferencingClient.self]
            #expect(client.me.name == "client")
        }
    }
}

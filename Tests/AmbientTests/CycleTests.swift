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
            setenv(CreationWait.variable, "60", 1)
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
        let storage = ScopeNode(root: Root(context: .testing))
        func creation<Key: DependencyKey>(of _: Key.Type) -> Creation {
            let read = FirstRead(of: Key.self, id: ObjectIdentifier(Key.self), in: storage, root: storage.root)
            return Creation(read, source: storage, shadowed: nil)
        }
        let a = creation(of: CycleAKey.self)
        let b = CreationFrame.$innermost.withValue(CreationFrame(a)) { creation(of: CycleBKey.self) }
        #expect(
            CycleReport.message(for: a.path(to: b) + [a]).hasPrefix(
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

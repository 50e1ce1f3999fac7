import Foundation
import Testing

@testable import Ambient

/// Semantics: cycles are named. A wait that Ambient cannot prove to be a cycle is never silent. A thread that waits
/// long for another thread's creation says what it waits for, once, and keeps waiting.
@Suite struct HangWarningTests {
    @Test func cycleThroughAThreadHandOffIsNamedInsteadOfHangingSilently() async {
        let result = await #expect(processExitsWith: .exitCode(42), observing: [\.standardErrorContent]) {
            setenv(CreationWait.variable, "0.2", 1)
            // The process is really stuck; the warning is what this test waits for, then it ends the process.
            CreationWait.afterWarning.withLock { $0 = { exit(42) } }
            _ = DependencyValues.current[HandOffAKey.self]
        }
        let text = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(
            text.contains(
                """
                Ambient: a thread has waited 0.2 s to create HandOffBKey for HandOffAKey, which another thread is \
                creating (it is now creating HandOffAKey). If that creation waits for work on another thread — a \
                semaphore, a DispatchQueue.sync, a thread hand-off — that reads a dependency this thread is \
                creating, this is a dependency cycle through a thread hand-off, and it never ends: build one of \
                these values without waiting for the other. Still waiting.
                """
            )
        )
    }

    @Test func slowButCorrectCreationIsWarnedAboutOnceAndStillFinishes() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            setenv(CreationWait.variable, "0.05", 1)
            CreationWait.afterWarning.withLock { $0 = { SlowKey.warned.signal() } }
            let values = DependencyValues.current
            let got = ConditionLock<[Int]>([])
            for _ in 0..<2 {
                Thread.detachNewThread {
                    let value = values[SlowKey.self]  // one creates, the other waits past the warning delay
                    got.withLockBroadcasting { $0.append(value) }
                }
            }
            if got.waitFor({ $0.count == 2 ? $0 : nil }) != [7, 7] { exit(1) }
        }
        let text = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(text.components(separatedBy: "Still waiting.").count - 1 == 1, "\(text)")
        #expect(text.contains("for SlowKey, which another thread is creating (it is now creating SlowKey)"))
    }

    @Test func theWaitBeforeTheWarningIsSetByAnEnvironmentVariable() async {
        let result = await #expect(processExitsWith: .exitCode(42), observing: [\.standardErrorContent]) {
            // Read once, on the first long wait: setting it here, before any, is what a launch environment does.
            setenv("AMBIENT_WAIT_WARNING_SECONDS", "0.3", 1)
            CreationWait.afterWarning.withLock { $0 = { exit(42) } }
            _ = DependencyValues.current[HandOffAKey.self]
        }
        let text = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(text.contains("Ambient: a thread has waited 0.3 s to create HandOffBKey for HandOffAKey"))
    }
}

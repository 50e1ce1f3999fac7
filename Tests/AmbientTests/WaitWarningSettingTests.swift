import Dispatch
import Foundation
import Testing

@testable import Ambient

/// Semantics: cycles are named. `AMBIENT_WAIT_WARNING_SECONDS` sets how long a thread waits for another thread's
/// creation before it names the wait: every value is used, a large one clamped to a day, or refused with one line on
/// standard error, and none stops the process.
@Suite struct WaitWarningSettingTests {
    @Test(arguments: [
        ("0.3", 0.3), ("5", 5), ("86400", 86_400), ("9e9", 86_400), ("1e10", 86_400), ("1e308", 86_400),
        ("inf", 86_400),
    ])
    func aNumberOfSecondsAboveZeroIsUsedAndALargeOneIsClampedToADay(text: String, seconds: Double) {
        let setting = CreationWait.seconds(from: text)
        #expect(setting.seconds == seconds)
        #expect(setting.refusal == nil)
    }

    @Test(arguments: ["abc", "-1", "0", "nan", "", " 5", "5s"])
    func anythingElseIsRefusedWithOneLineAndTheStandardWaitIsUsed(text: String) {
        let setting = CreationWait.seconds(from: text)
        #expect(setting.seconds == 5)
        #expect(
            setting.refusal
                == """
                Ambient: AMBIENT_WAIT_WARNING_SECONDS is "\(text)", which is not a number of seconds above zero, so \
                it is ignored: a thread that waits for another thread's creation says so after 5 seconds.
                """)
    }

    @Test func anUnsetVariableIsTheStandardWaitSilently() {
        let setting = CreationWait.seconds(from: nil)
        #expect(setting.seconds == 5)
        #expect(setting.refusal == nil)
    }

    @Test func aControlCharacterInARefusedValueIsMadeVisible() {
        #expect(CreationWait.seconds(from: "1\n2").refusal?.contains(#""1\n2""#) == true)
    }

    /// `inf`, `1e308`, `9e9` and `1e10` stopped the process (exit 132, in `NSCondition.wait(until:)`) as
    /// soon as a thread waited for another thread's creation.
    @Test(arguments: ["inf", "1e308", "9e9", "1e10"])
    func aWaitWithAHugeSettingNeverStopsTheProcess(text: String) async {
        await #expect(processExitsWith: .success) { [text] in
            setenv("AMBIENT_WAIT_WARNING_SECONDS", text, 1)
            Self.waitOnceForAnotherThread(warningAfter: CreationWait.warningDelay)
        }
    }

    @Test func aRefusedValueIsSaidOnceOnStandardError() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            setenv("AMBIENT_WAIT_WARNING_SECONDS", "abc", 1)
            if CreationWait.warningDelay != 5 || CreationWait.warningDelay != 5 { exit(1) }
        }
        let text = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(
            text.components(separatedBy: "Ambient: AMBIENT_WAIT_WARNING_SECONDS is \"abc\"").count - 1 == 1, "\(text)")
    }

    /// Waits, as a creation's waiter does, until another thread changes the state: the other thread changes it only
    /// once this one is inside the wait, with its deadline `delay` seconds away.
    private static func waitOnceForAnotherThread(warningAfter delay: Double) {
        let lock = ConditionLock(false)
        let checked = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            checked.wait()
            // Taking the lock means the waiter let it go: it is inside the wait.
            lock.withLockBroadcasting { $0 = true }
        }
        var isFirstLook = true
        lock.waitFor(warningAfter: delay, warning: { _ in "" }, warn: { _ in }) { isDone in
            if isFirstLook {
                isFirstLook = false
                checked.signal()
            }
            return isDone ? () : nil
        }
    }
}

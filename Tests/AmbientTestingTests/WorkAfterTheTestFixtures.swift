import AmbientTesting
import Dispatch
import Testing

// Tests run only in a child process that names their suite in `AMBIENT_FIXTURE` (see `WorkAfterTheTestTests`).

/// Signalled by the last test once it runs: the tests before it have ended, and their leftover work may go on.
private let lastTestStarted = DispatchSemaphore(value: 0)
/// Signalled by each piece of leftover work once it has done what it was left to do.
private let leftoverWorkDone = DispatchSemaphore(value: 0)

/// Waits until the last test runs, on a Dispatch thread rather than the task's.
private func untilTheLastTestRuns() async {
    await waitOffTheTaskPool(for: lastTestStarted)
    lastTestStarted.signal()
}

/// Leaves a detached task that calls an `unimplemented` endpoint of the test's values once the last test runs.
private func leaveADetachedCallOfAnUnimplementedEndpoint() {
    let client = DependencyValues.current.apiClient
    Task.detached {
        await untilTheLastTestRuns()
        _ = client.count()
        leftoverWorkDone.signal()
    }
}

/// Leaves a task that reads a key without a testing value once the last test runs.
private func leaveATaskThatReadsAKeyWithoutTestingValue() {
    Task {
        await untilTheLastTestRuns()
        _ = DependencyValues.current.liveOnlyService
        leftoverWorkDone.signal()
    }
}

/// Lets the leftover work of the two tests before go on, and waits for it off the task pool: the work is tasks,
/// which need a thread of it.
private func waitForTheLeftoverWork() async {
    lastTestStarted.signal()
    await waitOffTheTaskPool(for: leftoverWorkDone)
    await waitOffTheTaskPool(for: leftoverWorkDone)
}

/// Probes of work a test leaves behind, with the trait: two passed tests leave work that fails once they ended, and a third waits for it.
@Suite(.serialized, .dependencies, Fixture.only("WorkAfterTheTraitTestFixtures"))
struct WorkAfterTheTraitTestFixtures {
    @Test func leavesADetachedCallOfAnUnimplementedEndpoint() { leaveADetachedCallOfAnUnimplementedEndpoint() }
    @Test func leavesATaskThatReadsAKeyWithoutTestingValue() { leaveATaskThatReadsAKeyWithoutTestingValue() }
    @Test func waitsForTheLeftoverWork() async { await waitForTheLeftoverWork() }
}

/// The same probes without the trait, whose end Swift Testing tells no one of.
@Suite(.serialized, Fixture.only("WorkAfterThePlainTestFixtures"))
struct WorkAfterThePlainTestFixtures {
    @Test func leavesADetachedCallOfAnUnimplementedEndpoint() { leaveADetachedCallOfAnUnimplementedEndpoint() }
    @Test func leavesATaskThatReadsAKeyWithoutTestingValue() { leaveATaskThatReadsAKeyWithoutTestingValue() }
    @Test func waitsForTheLeftoverWork() async { await waitForTheLeftoverWork() }
}

/// Awaited Dispatch work that re-enters the test's values inside a known-issue block.
@Suite struct AwaitedDispatchWorkFixtures {
    /// The test's latest read on its own task was made before the block: the failure is not a known issue.
    @Test(Fixture.only("valuesCapturedBeforeTheBlock"))
    func valuesCapturedBeforeTheBlock() async {
        let values = DependencyValues.current
        await withKnownIssue {
            await readLiveOnlyServiceOnADispatchQueue(in: values)
        }
    }

    /// The documented way: read the values inside the block, then start the work.
    @Test(Fixture.only("valuesCapturedInsideTheBlock"))
    func valuesCapturedInsideTheBlock() async {
        await withKnownIssue {
            let values = DependencyValues.current
            await readLiveOnlyServiceOnADispatchQueue(in: values)
        }
    }
}

/// Reads the live-only service in `values` on a Dispatch queue, and returns once it has.
private func readLiveOnlyServiceOnADispatchQueue(in values: DependencyValues) async {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            _ = withDependencies(values) { DependencyValues.current.liveOnlyService }
            continuation.resume()
        }
    }
}

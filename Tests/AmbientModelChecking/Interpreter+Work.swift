import Foundation

/// The work that defaults start, let run one at a time and checked.
extension Interpreter {
    /// Lets the tasks of defaults that were freed end, before the program reads on: until then, each holds the values
    /// it inherited and what they keep, which the model lets go of when the default is freed (seeds 282488 and 301312
    /// read in that moment, and found an instance the model had freed).
    func letTasksOfFreedDefaultsEnd() async {
        await ModelRuntime.shared.waitUntil { !ModelRuntime.shared.tasksOfFreedDefaultsRun }
    }

    /// Ends the work that the program's defaults started and that was not let run, without reads, and lets the work
    /// let run finish its reads: a program that stopped early leaves some unreleased, and their reads, late, would
    /// create defaults in the next program.
    func finishStartedWork() async {
        ModelRuntime.shared.stop()
        ModelRuntime.shared.endUnread()
        await ModelRuntime.shared.waitUntil { ModelRuntime.shared.startedWorkFinished }
    }

    /// Lets the work that defaults started run, one at a time in the order it started, and checks what its reads
    /// created; failures name `moment`.
    ///
    /// NB: not what it read: the model and the core still disagree on it for some programs (seed 1004985), and which
    /// is right is open.
    func runStartedWork(after moment: String) async {
        guard !isStopped else { return }
        await letTasksOfFreedDefaultsEnd()
        let expected = model.takeStartedWork()
        let started = ModelRuntime.shared.newWork()
        guard started.map(\.serial) == expected.map(\.serial) else {
            failure =
                "after \(moment) the defaults \(started.map(\.serial)) started work; "
                + "the model's defaults \(expected.map(\.serial)) do"
            return
        }
        for (work, prediction) in zip(started, expected) where !isStopped {
            guard prediction.reads != nil else {
                ModelRuntime.shared.endUnread(work.id)
                continue
            }
            await ModelRuntime.shared.release(work.id)
            await letTasksOfFreedDefaultsEnd()
        }
        checkCreations(after: moment)
    }
}

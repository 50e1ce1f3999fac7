import Ambient

/// What the interpreter checks: reads, creations and reports, and the work that defaults started.
extension Interpreter {
    func compare(_ actual: Int?, _ expected: Int?, _ step: Step) {
        guard actual != expected else { return }
        failure = "\(at(step)) returned \(Self.describe(actual)); the model returns \(Self.describe(expected))"
    }

    /// Compares `expected`, which the model predicted first, with what `actual` returns, on `threads` threads at once
    /// (one: on this thread).
    func check(_ step: Step, _ expected: Int?, threads: Int = 1, _ actual: @escaping @Sendable () -> Int?) {
        guard !isStopped else { return }
        let results = (threads == 1 ? Executor.inline : .thread).run(Array(repeating: actual, count: threads))
        compare(results.first { $0 != expected } ?? expected, expected, step)
    }

    /// The step being run, as failures name it.
    func at(_ step: Step) -> String {
        "step \(stepNumber) (\(step.line))"
    }

    func checkCreations(after moment: String) {
        guard !isStopped else { return }
        let (dispatched, expected) = (ModelRuntime.shared.dispatchedReads, model.dispatchedReads)
        let actual = ModelRuntime.shared.creationCounts
        if !dispatched.elementsEqual(expected, by: ==) {
            failure = "after \(moment) the Dispatch blocks of creations read \(dispatched); the model's read \(expected)"
        } else if reports.reports.sorted() != model.reports.sorted() {
            failure = "after \(moment) Ambient reported \(reports.reports); the model reports \(model.reports)"
        } else if let key = program.keys.indices.first(where: { actual[$0] != model.creations[$0] }) {
            failure =
                "after \(moment) k\(key) was created \(actual[key]) times; the model creates it \(model.creations[key]) times"
        }
    }

    static func describe(_ serial: Int?) -> String {
        guard let serial else { return "nothing (no such property)" }
        return serial < 0 ? "override #\(-serial)" : "default #\(serial)"
    }

    /// Lets the work that defaults started run, one at a time in the order it started, and checks what its reads
    /// created; failures name `moment`.
    ///
    /// NB: not what it read: the model and the core still disagree on it for some programs (seed 1004985), and which
    /// is right is open.
    func runStartedWork(after moment: String) async {
        guard !isStopped else { return }
        let runtime = ModelRuntime.shared
        await runtime.letTasksOfFreedDefaultsEnd()
        let (started, expected) = (runtime.newWork(), model.takeStartedWork())
        guard started.map(\.serial) == expected.map(\.serial) else {
            failure =
                "after \(moment) the defaults \(started.map(\.serial)) started work; "
                + "the model's defaults \(expected.map(\.serial)) do"
            return
        }
        for (work, prediction) in zip(started, expected) where !isStopped {
            guard prediction.reads != nil else {
                runtime.endUnread(work.id)
                continue
            }
            await runtime.release(work.id)
            await runtime.letTasksOfFreedDefaultsEnd()
        }
        checkCreations(after: moment)
    }
}

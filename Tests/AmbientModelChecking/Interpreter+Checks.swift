import Ambient

extension Interpreter {
    func compare(_ actual: Int?, _ expected: Int?, _ step: Step) {
        guard actual != expected else { return }
        failure = "\(at(step)) returned \(Self.describe(actual)); the model returns \(Self.describe(expected))"
    }

    /// Compares `expected`, which the model predicted first, with what `actual` returns, on `threads` threads at once
    /// (one: on this thread).
    func check(_ step: Step, _ expected: Int?, threads: Int = 1, _ actual: @escaping @Sendable () -> Int?) {
        guard !isStopped else { return }
        let results = threads == 1 ? [actual()] : race(Array(repeating: actual, count: threads))
        if let wrong = results.first(where: { $0 != expected }) { compare(wrong, expected, step) }
    }

    /// The step being run, as failures name it.
    func at(_ step: Step) -> String {
        "step \(stepNumber) (\(step.line))"
    }

    func checkCreations(after moment: String) {
        guard !isStopped else { return }
        do {
            let dispatched = ModelRuntime.shared.dispatchedReads
            let expected = model.dispatchedReads
            if dispatched.map(\.serial) != expected.map(\.serial) || dispatched.map(\.reads) != expected.map(\.reads) {
                failure =
                    "after \(moment) the Dispatch blocks of creations read \(dispatched); the model's read \(expected)"
                return
            }
        }
        if reports.reports.sorted() != model.reports.sorted() {
            failure = "after \(moment) Ambient reported \(reports.reports); the model reports \(model.reports)"
            return
        }
        let actual = ModelRuntime.shared.creationCounts
        for key in program.keys.indices where actual[key] != model.creations[key] {
            failure =
                "after \(moment) k\(key) was created \(actual[key]) times; the model creates it \(model.creations[key]) times"
            return
        }
    }

    static func describe(_ serial: Int?) -> String {
        guard let serial else { return "nothing (no such property)" }
        return serial < 0 ? "override #\(-serial)" : "default #\(serial)"
    }
}

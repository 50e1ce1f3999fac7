import Foundation

@testable import Ambient

/// Counts the instances of a type that are alive, so lifetime tests can say "freed" without a weak reference to
/// each one.
final class LiveInstances: Sendable {
    private let count = ConditionLock(0)
    func created() { count.withLock { $0 += 1 } }
    func freed() { count.withLock { $0 -= 1 } }
    var alive: Int { count.withLock { $0 } }
}

/// Threads that run one closure each, again and again, all released at once per round: the shape of a race on a
/// first read, repeated without the cost of starting threads every round.
final class RacingThreads: Sendable {
    private struct State {
        var round = 0
        var body: (@Sendable (Int) -> Void)?
        var finished = 0
    }
    private let count: Int
    private let state = ConditionLock(State())

    init(count: Int) {
        self.count = count
        for index in 0..<count {
            let thread = Thread { [self] in self.serve(index) }
            thread.start()
        }
    }

    /// Runs `body(index)` on every thread at once and returns when all have returned.
    func race(_ body: @escaping @Sendable (Int) -> Void) {
        state.withLockBroadcasting { state in
            state.round += 1
            state.body = body
            state.finished = 0
        }
        state.waitFor { $0.finished == count ? () : nil }
    }

    /// Ends the threads.
    func stop() {
        state.withLockBroadcasting { state in
            state.round += 1
            state.body = nil
        }
    }

    private func serve(_ index: Int) {
        var seen = 0
        while true {
            let (round, body) = state.waitFor { state in state.round != seen ? (state.round, state.body) : nil }
            seen = round
            guard let body else { return }
            body(index)
            state.withLockBroadcasting { $0.finished += 1 }
        }
    }
}

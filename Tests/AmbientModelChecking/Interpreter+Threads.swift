import Ambient
import Dispatch
import Foundation

/// The threads a program's steps run on: re-entries on another thread or queue, and races.
extension Interpreter {
    /// Runs `body` in `values` on `executor`, and waits until the closure that ran it, and the values it held, are
    /// released.
    ///
    /// NB: not only until it ran: a queue or a thread releases its closure a moment after it finishes, and until then
    /// the closure keeps the values' scope alive. A read that the program makes next (a task a default started, in
    /// a snapshot of that scope) would find the scope's instance in some runs and not in others, where the model
    /// finds the scope ended (seed 132: a creation more or less).
    static func reenter(_ values: DependencyValues, on executor: Executor, _ body: @escaping @Sendable () -> Void) {
        guard executor != .inline else {
            withDependencies(values, operation: body)
            return
        }
        let (ran, released) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        // NB: a detached task needs an asynchronous caller; a synchronous one uses a thread instead.
        let start: (@escaping @Sendable () -> Void) -> Void =
            executor == .dispatch
            ? { ProgramExecutor.dispatchQueue().async(execute: $0) } : { Thread(block: $0).start() }
        // NB: only the closure holds the values, so that they are released with it (see ``Reentry``).
        start { [reentry = Reentry(values, signalling: released)] in
            reentry.run(body)
            ran.signal()
        }
        // NB: both: the signal of `ran`, on the thread that ran the body, orders the body's work before what this
        // thread does next; the release may happen on another thread.
        ran.wait()
        released.wait()
    }

    /// Runs each of `reads` on a thread of its own, released at once; the serials they read, in their order.
    func race(_ reads: [@Sendable () -> Int?]) -> [Int?] {
        raceLock.withLock {
            raceResults = Array(repeating: nil, count: reads.count)
            raceBodies = reads
        }
        let gate = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for index in reads.indices {
            done.enter()
            Thread {
                gate.wait()
                if let read = self.raceLock.withLock({
                    self.raceBodies.indices.contains(index) ? self.raceBodies[index] : nil
                }) {
                    let serial = read()
                    self.raceLock.withLock { self.raceResults[index] = serial }
                }
                done.leave()
            }.start()
        }
        for _ in reads.indices { gate.signal() }
        done.wait()
        // NB: the threads' closures are released a moment after they leave; they must not keep the scope alive
        // then, or a later read would find it where the model finds it gone.
        return raceLock.withLock {
            raceBodies = []
            return raceResults
        }
    }
}

/// Values to re-enter on another thread, which signal a semaphore once they are released.
///
/// NB: the values are dropped in `deinit`, before the signal: a closure that captured them beside the signal could
/// release them after it, and the waiting thread would go on while they still kept their scope alive.
private final class Reentry: @unchecked Sendable {
    // Safe: `values` is read by `run(_:)`, on the one thread that runs the closure holding this object, and written
    // only in `deinit`, once no reference to the object is left.
    private var values: DependencyValues?
    private let released: DispatchSemaphore

    init(_ values: DependencyValues, signalling released: DispatchSemaphore) {
        (self.values, self.released) = (values, released)
    }

    func run(_ body: () -> Void) {
        if let values { withDependencies(values, operation: body) }
    }

    deinit {
        values = nil
        released.signal()
    }
}

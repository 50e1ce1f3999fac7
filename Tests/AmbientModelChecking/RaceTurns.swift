import Foundation

/// The turns of the readers of a race across scopes, while it runs: the first of its readers that has not started yet
/// may start (each starts once the one before it started a creation or ended its read, so that the creations of a
/// race start in the order of its readers, in which the model makes them: the first creation of a default is made
/// from the values of whoever reads it first, which a later step may read through), how many arrived, and how many it
/// has.
final class RaceTurns: @unchecked Sendable {
    // Safe: `race` is behind `condition`.

    static let shared = RaceTurns()

    private let condition = NSCondition()
    private var race: (turn: Int, arrivals: Int, readers: Int)?
    /// The index of the race reader this thread (or task) is, while it reads.
    @TaskLocal static var reader: Int?

    /// Runs `reads` as the readers of a race across scopes, a thread each, released at once; what they read.
    func race(_ reads: [@Sendable () -> Int]) -> [Int] {
        condition.withLock { race = (0, 0, reads.count) }
        defer { condition.withLock { race = nil } }
        return Executor.thread.run(reads.indices.map { index in { self.read(as: index, reads[index]) } })
    }

    /// Reads with `read` as reader `index` of a race across scopes: once the reader before it started a creation or
    /// ended its read, counted among the readers that arrived; then lets the next reader start.
    ///
    /// No wait here or in ``creationStarts(waitingForASecondReader:)`` closes a cycle: a reader waits only for the one
    /// before it, which passes its turn before it waits for anything, and a creation waits for a second reader only
    /// once it passed the turn of its own reader, in a race of two readers or more.
    private func read(as index: Int, _ read: () -> Int) -> Int {
        condition.withLock {
            while let race, race.turn < index { condition.wait() }
            race?.arrivals += 1
            condition.broadcast()
        }
        defer { creationStarts(reader: index) }
        return Self.$reader.withValue(index, operation: read)
    }

    /// A creation starts, or a reader's read ends: in a race, lets the reader after this one start; then, when
    /// `waits`, waits until a second reader of a race of two readers or more arrived. `reader` is the reader this is,
    /// by default the one whose read runs here.
    func creationStarts(waitingForASecondReader waits: Bool = false, reader: Int? = RaceTurns.reader) {
        condition.withLock {
            if let reader, race?.turn == reader { race?.turn = reader + 1 }
            condition.broadcast()
            while waits, let race, race.arrivals < min(2, race.readers) { condition.wait() }
        }
    }
}

import Testing

@testable import Ambient

/// `LockFreePairs`, the storage of every lock-free table: what an insert promises to the reads that follow it.
@Suite struct LockFreePairsTests {
    /// Threads that insert the same keys at once each read every key's value as soon as their insert returns, also
    /// when another thread claimed the key and had not stored its value yet.
    @Test func aKeyIsFoundAsSoonAsAnyInsertOfItReturns() {
        // NB: more threads than cores, so that a thread is often preempted between claiming a key and storing its
        // value, which is when another thread's insert of that key returns.
        let threads = RacingThreads(count: 8)
        defer { threads.stop() }
        for _ in 0..<200 {
            let pairs = LockFreePairs(capacity: 256)
            defer { pairs.deallocate() }
            let misses = ConditionLock(0)
            threads.race { worker in
                for offset in 0..<64 {
                    let key = UInt(1 + (offset + 8 * worker) % 64)
                    pairs.insert(key &* 10, for: key)
                    if pairs.value(for: key) == 0 { misses.withLock { $0 += 1 } }
                }
            }
            #expect(misses.withLock { $0 } == 0)
            #expect((1...64).allSatisfy { pairs.value(for: UInt($0)) == UInt($0) &* 10 })
        }
    }
}

import BenchmarkSupport
import Dispatch

/// Nanoseconds per operation over several samples.
struct Measurement {
    var samples: [Double]

    var median: Double {
        let sorted = samples.sorted()
        return sorted[sorted.count / 2]
    }
    var minimum: Double { samples.min() ?? 0 }
    var maximum: Double { samples.max() ?? 0 }
}

/// Runs each of `bodies` `samples` times after a warm-up, taking turns sample by sample, and reports nanoseconds per
/// iteration for each.
///
/// A scenario and its baseline measured this way share the machine's state: a virtual machine that slows down or
/// speeds up between runs moves both, so their ratio holds where separately measured medians would not.
///
/// Each sample also runs its bodies at a stack address of its own (``atStackOffset(_:_:)``), so that the median is
/// taken over stack layouts rather than measured in one.
func measureInTurns(samples: Int = 15, iterations: Int, _ bodies: [(Int) -> Void]) -> [Measurement] {
    for body in bodies { body(max(1, iterations / 10)) }
    var results = [[Double]](repeating: [], count: bodies.count)
    for sample in 0..<samples {
        for (index, body) in bodies.enumerated() {
            let elapsed = atStackOffset(sample * 4096 / samples) {
                let start = DispatchTime.now().uptimeNanoseconds
                body(iterations)
                return DispatchTime.now().uptimeNanoseconds - start
            }
            results[index].append(Double(elapsed) / Double(iterations))
        }
    }
    return results.map(Measurement.init(samples:))
}

/// Runs `body` with the stack `offset` bytes (rounded to 16) deeper than it would be.
///
/// NB: a timed loop that calls a function stores to the stack on every iteration, and a load whose address matches
/// such a store's in its low 12 bits waits for it on this machine's processors (4 KiB aliasing). Where the stack
/// falls is set by the process's environment, so one build's read measured twice as slow as another's with the
/// same instructions, and the same build's moved with the length of an environment variable. Spreading the samples
/// over a page of offsets makes that one sample's bad luck rather than every sample's.
func atStackOffset<Result>(_ offset: Int, _ body: () -> Result) -> Result {
    withUnsafeTemporaryAllocation(byteCount: max(16, offset & ~15), alignment: 16) { buffer in
        // NB: handed to an opaque function, so that the allocation is made rather than optimized away.
        _ = opaque(buffer.baseAddress)
        return body()
    }
}

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
func measureInTurns(samples: Int = 15, iterations: Int, _ bodies: [(Int) -> Void]) -> [Measurement] {
    for body in bodies { body(max(1, iterations / 10)) }
    var results = [[Double]](repeating: [], count: bodies.count)
    for _ in 0..<samples {
        for (index, body) in bodies.enumerated() {
            let start = DispatchTime.now().uptimeNanoseconds
            body(iterations)
            let elapsed = DispatchTime.now().uptimeNanoseconds - start
            results[index].append(Double(elapsed) / Double(iterations))
        }
    }
    return results.map(Measurement.init(samples:))
}

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

/// Runs `body(iterations)` `samples` times after a warm-up, and reports nanoseconds per iteration.
func measure(samples: Int = 15, iterations: Int, _ body: (Int) -> Void) -> Measurement {
    body(max(1, iterations / 10))
    var results: [Double] = []
    for _ in 0..<samples {
        let start = DispatchTime.now().uptimeNanoseconds
        body(iterations)
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        results.append(Double(elapsed) / Double(iterations))
    }
    return Measurement(samples: results)
}

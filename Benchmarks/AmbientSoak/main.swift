// Runs random programs against the reference model of the Semantics article's rules until the count asked for, and
// prints how many ran and every failure (seed and shrunk program). `swift run -c release AmbientSoak 20000`;
// AMBIENT_MODEL_SEED replays one seed (AMBIENT_MODEL_PRINT=1 prints its program instead), AMBIENT_MODEL_FIRST_SEED
// fixes where a run starts (else it starts at a random seed, printed), AMBIENT_MODEL_MAX_FAILURES how many failures
// end it (10), AMBIENT_MODEL_SHRINK=0 prints failing programs unshrunk. AMBIENT_MODEL_HOLD_POOL=<seconds> holds every
// thread of the cooperative pool in a synchronous sleep meanwhile, as the stress suites do under the thread sanitizer:
// the programs must not wait for it (the run's end does: it prints from the pool).
import AmbientModelChecking
import Foundation

let environment = ProcessInfo.processInfo.environment
if let seconds = environment["AMBIENT_MODEL_HOLD_POOL"].flatMap(Double.init) {
    // A moment after the programs started: this code itself runs on the pool's threads.
    Thread {
        Thread.sleep(forTimeInterval: 0.5)
        for _ in 0..<ProcessInfo.processInfo.activeProcessorCount {
            Task.detached { holdThisThread(for: seconds) }
        }
    }.start()
}
let failures: [ModelFailure]
if let seed = ModelCheck.seedFromEnvironment, environment["AMBIENT_MODEL_PRINT"] == "1" {
    print(ModelCheck.programDescription(seed: seed))
    exit(0)
} else if let seed = ModelCheck.seedFromEnvironment {
    failures = await ModelCheck.check(seed: seed).map { [$0] } ?? []
    print("replayed seed \(seed): \(failures.isEmpty ? "agrees with the model" : "fails")")
} else {
    let count =
        CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? ModelCheck.programCountFromEnvironment
        ?? 1_000
    let firstSeed = environment["AMBIENT_MODEL_FIRST_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0..<(1 << 48))
    let start = Date()
    let maximumFailures = environment["AMBIENT_MODEL_MAX_FAILURES"].flatMap { Int($0) } ?? 10
    let result = await ModelCheck.checkPrograms(count, firstSeed: firstSeed, maximumFailures: maximumFailures)
    failures = result.failures
    let seconds = Date().timeIntervalSince(start)
    print(
        "ran \(result.programs) programs (seeds \(firstSeed)...\(firstSeed + UInt64(max(result.programs, 1) - 1))) "
            + "in \(String(format: "%.1f", seconds)) s: \(failures.count) failures"
    )
    if !result.knownDisagreementsPassedOver.isEmpty {
        let seeds = result.knownDisagreementsPassedOver
        print("passed over the known disagreements \(seeds) (ModelCheck.knownDisagreements)")
    }
}
for failure in failures {
    print("\n\(failure)")
}
exit(failures.isEmpty ? 0 : 1)

/// Blocks the calling thread.
func holdThisThread(for seconds: Double) {
    Thread.sleep(forTimeInterval: seconds)
}

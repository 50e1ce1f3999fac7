// Runs random programs against the reference model of the Semantics article's rules until the count asked for, and
// prints how many ran and every failure (seed and shrunk program). `swift run -c release AmbientSoak 20000`;
// AMBIENT_MODEL_SEED replays one seed (AMBIENT_MODEL_PRINT=1 prints its program instead), AMBIENT_MODEL_FIRST_SEED
// fixes where a run starts (else it starts at a random seed, printed); ten failures end it. AMBIENT_MODEL_SHRINK=0
// prints failing programs unshrunk.
import AmbientModelChecking
import Foundation

let environment = ProcessInfo.processInfo.environment
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
    let result = await ModelCheck.checkPrograms(count, firstSeed: firstSeed, maximumFailures: 10)
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

// Ambient's benchmarks: each scenario against a hand-written baseline measured in the same run, the two taking
// their samples in turns so that both see the same machine.
//
//     swift run -c release AmbientBenchmarks
//
// Prints ns/op (median, min, max over 15 samples), the ratio of medians to the baseline and the ratio of minimums
// (steadier on a noisy virtual machine), with the row's goal, if it has one (the Performance article states each
// goal). Ratios, not absolute times, are what carry from machine to machine. The timed bodies are in
// `Scenarios.swift`, out of the main actor's reach.

import Ambient
import BenchmarkSupport
import Dispatch

/// `AmbientBenchmarks quick` runs every scenario with a tenth of the iterations (for profilers).
let scale = CommandLine.arguments.contains("quick") ? 10 : 1

/// `AmbientBenchmarks nesting` runs the nesting check alone.
runNestingCheckAloneIfAsked()

struct Row {
    var name: String
    var measurement: Measurement
    var baseline: Measurement
    var goal: String
    var ratio: Double { measurement.median / baseline.median }
}

var rows: [Row] = []

runReadPathProbes()

@MainActor func report(_ name: String, _ measurement: Measurement, against baseline: Measurement, goal: String = "") {
    rows.append(Row(name: name, measurement: measurement, baseline: baseline, goal: goal))
    let line = [
        name + String(repeating: " ", count: max(0, 58 - name.count)),
        format(measurement.median), format(measurement.minimum), format(measurement.maximum),
        format(baseline.median), String(format2(measurement.median / baseline.median)) + "×",
        String(format2(measurement.minimum / baseline.minimum)) + "×", goal,
    ]
    print(line.joined(separator: " | "))
}

func format(_ value: Double) -> String {
    let text = value < 10 ? format2(value) : String(Int(value.rounded()))
    return String(repeating: " ", count: max(0, 8 - text.count)) + text
}

func format2(_ value: Double) -> String {
    // NB: the sign apart, so that -2.07 does not print as "-2.0-7" (a negative remainder).
    let hundredths = Int((abs(value) * 100).rounded())
    let fraction = hundredths % 100
    return (value < 0 && hundredths != 0 ? "-" : "") + "\(hundredths / 100)."
        + (fraction < 10 ? "0\(fraction)" : "\(fraction)")
}

print(
    "scenario                                                   | median ns | min ns | max ns | baseline "
        + "| ratio of medians | ratio of minimums | goal"
)
print(String(repeating: "-", count: 120))

// MARK: Reads of a created value

let readIterations = 2_000_000 / scale

let overrideCounts = [0, 10, 1_000]
let classOwner = ClassOwner()
let owningClassOwner = OwningClassOwner()
let storedFields = StoredFields()
let valueOwners = (ClassSettingsOwner(), OwningSettingsOwner(), SettingsOwner())
_ = classOwner.client
_ = owningClassOwner.client
let keyedValueOwner = KeyedSettingsOwner()
let selfNamingClientOwner = SelfNamingClientOwner()
_ = selfNamingClientOwner.client.me
_ = (valueOwners.0.settings, valueOwners.1.settings, valueOwners.2.settings, keyedValueOwner.settings)
// NB: the baselines and every read row take turns sample by sample (see `measureInTurns`).
let readRows = measureInTurns(
    iterations: readIterations,
    [Scenarios.staticRead(), Scenarios.clientReads(classOwner), Scenarios.clientReads(owningClassOwner)]
        + overrideCounts.map(Scenarios.structOwnerReads(overrides:))
        + overrideCounts.map(Scenarios.currentReads(overrides:))
        + [
            Scenarios.storedIntReads(storedFields), Scenarios.storedObjectReads(storedFields),
            Scenarios.valueReads(valueOwners.0), Scenarios.valueReads(valueOwners.1),
            Scenarios.valueReads(valueOwners.2), Scenarios.valueReads(keyedValueOwner),
            Scenarios.selfNamingClientReads(selfNamingClientOwner),
        ])
let staticRead = readRows[0]
let (storedInt, storedObject) = (readRows[9], readRows[10])
print(
    "(baselines: a `static let` holding the client, \(format2(staticRead.median)) ns; a class's stored Int property, "
        + "\(format2(storedInt.median)) ns; a class's stored property holding the client, read with the one retain "
        + "that returning an object costs, \(format2(storedObject.median)) ns)"
)
// The sink costs at most what the baseline costs, since the baseline is a sink of a constant.
print(
    "(sink: at most \(format2(staticRead.median)) ns a call, the whole static let baseline; every loop below pays it "
        + "once an iteration, baselines too)"
)

// NB: a read of a class-type dependency returns the object retained, as any read of a stored reference does; its
// floor is "static let plus one retain", the stored object property. Value-type reads retain nothing.
report(
    "@Dependency read, class owner, value type vs stored Int property", readRows[11], against: storedInt,
    goal: "≤ 2× stored property")
report(
    "@Dependency read, class owner, class type vs static let + retain", readRows[1], against: storedObject,
    goal: "≤ 1.2× static let + retain")
report("@Dependency read, DependencyOwner, value type vs stored Int property", readRows[12], against: storedInt)
// NB: a property declared with its key type reads through a call into the scope, not the key-path pairs' inline
// probe; the read goal holds for every `@Dependency` of a class owner, so the row carries it too.
report(
    "@Dependency(Key.self) read, class owner, value type vs stored Int property", readRows[14], against: storedInt,
    goal: "≤ 2× stored property")
report("@Dependency read, DependencyOwner, class type vs static let + retain", readRows[2], against: storedObject)
// NB: no goal: the values of an object that names its own key hold it `weak`, which sends every retain and release of
// it down the runtime's slow path (Semantics: a value keeps what it read).
report(
    "@Dependency read, class owner, class type naming its own key vs static let + retain", readRows[15],
    against: storedObject)
report(
    "@Dependency read, struct owner, value type vs static let", readRows[13], against: staticRead,
    goal: "≤ 10× static let")
for (overrides, wrapped) in zip(overrideCounts, readRows[3...5]) {
    report(
        "@Dependency read, struct owner, class type, \(overrides) overrides", wrapped, against: storedObject,
        goal: "≤ 10× static let + retain")
}
report("@Dependency read: 1,000 overrides vs 0", readRows[5], against: readRows[3], goal: "≤ 1.2×")
for (overrides, current) in zip(overrideCounts, readRows[6...8]) {
    report("DependencyValues.current read, \(overrides) overrides", current, against: staticRead)
}

// MARK: Reads of a default rebuilt for a scope

let derivedDepths = [1, 10, 1_000]
let derivedValues = derivedDepths.map(Scenarios.valuesRebuildingTheClient(depth:))
let derivedRows = measureInTurns(
    iterations: readIterations,
    derivedValues.flatMap { values in
        [
            Scenarios.readsByKey(BenchClientKey.self, in: values),
            Scenarios.readsByKey(DerivedClientKey.self, in: values),
        ]
    })
for (index, depth) in derivedDepths.enumerated() {
    report(
        "DependencyValues read of a default rebuilt for a scope vs a plain key, depth \(depth)",
        derivedRows[2 * index + 1], against: derivedRows[2 * index], goal: "≤ 3× plain key")
}

// MARK: Scopes

let scopeIterations = 300_000 / scale
let clientOverride = BenchClient(id: 2)
let scopeKeyCounts = [1, 100, 1_000]
// NB: the baseline and every scope row take turns sample by sample (see `measureInTurns`).
let scopeRows = measureInTurns(
    iterations: scopeIterations,
    [
        Scenarios.emptyTaskLocalScope(), Scenarios.scopeReadingItsOverride(clientOverride),
        Scenarios.leastScope(clientOverride),
    ] + scopeKeyCounts.map { Scenarios.scope(overriding: clientOverride, keysSet: $0) })
let (handScope, leastScope) = (scopeRows[0], scopeRows[2])
for (keys, scope) in zip(scopeKeyCounts, scopeRows[3...]) {
    report("enter and leave a scope, 1 override, \(keys) keys set", scope, against: handScope)
}
report("scope: 1,000 keys set vs 1", scopeRows[5], against: scopeRows[3], goal: "≈ 1× (O(1))")
report("enter a scope, read the override, leave", scopeRows[1], against: handScope)
report("least scope on a task-local: 1 read, 1 node, withValue", leastScope, against: handScope)
report("scope with 1 override vs that least scope", scopeRows[3], against: leastScope, goal: "≤ 1.2×")

// MARK: Building objects (each one escapes to the heap through the sink)

let buildIterations = 500_000 / scale
let clients = (0..<10).map { BenchClient(id: $0) }
do {
    let warm = WrappedTen()
    blackHole([warm.d0, warm.d1, warm.d2, warm.d3, warm.d4, warm.d5, warm.d6, warm.d7, warm.d8, warm.d9])
    let owned = OwnedTen()
    blackHole([owned.d0, owned.d1, owned.d2, owned.d3, owned.d4, owned.d5, owned.d6, owned.d7, owned.d8, owned.d9])
    let keyed = KeyedTen()
    blackHole([keyed.d0, keyed.d1, keyed.d2, keyed.d3, keyed.d4, keyed.d5, keyed.d6, keyed.d7, keyed.d8, keyed.d9])
}
// NB: in turns with the by-hand baseline, as the scopes.
let buildRows = measureInTurns(
    iterations: buildIterations,
    [
        Scenarios.buildByHand(clients), Scenarios.buildWrapped(), Scenarios.buildOwned(), Scenarios.buildInjected(),
        Scenarios.buildReadingTheTaskLocalTenTimes(), Scenarios.buildReadingTheTaskLocalAndKeepingKeyPaths(),
        Scenarios.buildKeyed(),
    ])
let byHand = buildRows[0]
report("build an object with 10 @Dependency properties", buildRows[1], against: byHand)
report("build a DependencyOwner with 10 @Dependency properties", buildRows[2], against: byHand)
report("build an object with init(dependencies:), 10 reads", buildRows[3], against: byHand, goal: "≤ 2× by hand")
report("least object whose 10 properties each read the task-local", buildRows[4], against: byHand)
report("least object as above, each property keeping its key path", buildRows[5], against: byHand)
report("object with 10 @Dependency vs the least object", buildRows[1], against: buildRows[4], goal: "≤ 1.2×")
report("object with 10 @Dependency vs the least keeping key paths", buildRows[1], against: buildRows[5])
report("DependencyOwner with 10 @Dependency vs the least object", buildRows[2], against: buildRows[4])
report(
    "object with 10 @Dependency(Key.self) vs the least object", buildRows[6], against: buildRows[4], goal: "≤ 1.2×")

// MARK: First read of a default

let firstReadIterations = 100_000 / scale
let firstReadRows = measureInTurns(
    iterations: firstReadIterations, [Scenarios.createByHand(), Scenarios.firstReads()])
let (handCreation, firstRead) = (firstReadRows[0], firstReadRows[1])
report("first read of a default (fresh root each time)", firstRead, against: handCreation)

// MARK: Two threads

let threadIterations = 20_000_000 / scale
/// Reports how a read scales from one thread to two, next to its floor's scaling (what this machine allows).
@MainActor func reportScaling<Subject: Sendable, Floor: Sendable>(
    _ name: String,
    _ subject: Subject, read: @escaping @Sendable (Subject) -> Void,
    floor: Floor, floorRead: @escaping @Sendable (Floor) -> Void, goal: String = ""
) {
    // NB: in turns, so that the subject and its floor see the same machine.
    let measured = measureInTurns(
        samples: 7, iterations: threadIterations,
        [
            Scenarios.readConcurrently(threads: 1, of: subject, read: read),
            Scenarios.readConcurrently(threads: 2, of: subject, read: read),
            Scenarios.readConcurrently(threads: 1, of: floor, read: floorRead),
            Scenarios.readConcurrently(threads: 2, of: floor, read: floorRead),
        ])
    let (one, two, floorOne, floorTwo) = (measured[0], measured[1], measured[2], measured[3])
    let speedUp = one.median / two.median
    let floorSpeedUp = floorOne.median / floorTwo.median
    report(name + ": time per read, 2 threads vs 1", two, against: one, goal: goal)
    print(
        "  speed-up on two threads: \(format2(speedUp))×; its floor's: \(format2(floorSpeedUp))× "
            + "(\(format2(speedUp / floorSpeedUp))× the floor)"
    )
}

/// The floors: the same value, or the same object, held by a plain class.
final class PlainHolder<Value: Sendable>: Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

let settingsOwner = SettingsOwner()
_ = settingsOwner.settings
reportScaling(
    "value-type dependency, struct owner", settingsOwner, read: { sink($0.settings.retries) },
    floor: PlainHolder(BenchSettings()), floorRead: { sink($0.value.retries) })
let classSettingsOwner = ClassSettingsOwner()
_ = classSettingsOwner.settings
reportScaling(
    "value-type dependency, class owner", classSettingsOwner, read: { sink($0.settings.retries) },
    floor: PlainHolder(BenchSettings()), floorRead: { sink($0.value.retries) }, goal: "speed-up ≥ 0.9× the floor's")
let owningSettingsOwner = OwningSettingsOwner()
_ = owningSettingsOwner.settings
reportScaling(
    "value-type dependency, DependencyOwner subclass", owningSettingsOwner, read: { sink($0.settings.retries) },
    floor: PlainHolder(BenchSettings()), floorRead: { sink($0.value.retries) })
let sharedClassOwner = ClassOwner()
_ = sharedClassOwner.client
reportScaling(
    "class-type dependency, class owner", sharedClassOwner, read: { sink($0.client) },
    // The floor returns the object retained once, as a read of a class-type dependency does.
    floor: PlainHolder(BenchClient(id: 1)), floorRead: { sink(opaque($0.value)) })

// MARK: Nesting

runNestingCheck()

// MARK: A million request scopes

let millionRequests = 1_000_000 / scale
for (pattern, requestID, requests) in [
    ("", loggedRequestID, millionRequests), (", logger holding itself", selfLoggedRequestID, millionRequests),
    (", logger starting a task", flushedRequestID, millionRequests / 10),
] {
    var wrongLoggers = serveRequests(1...(requests / 10), requestID: requestID)
    FlushTasks.running.waitForNone(seconds: 10)
    let residentAtTenth = residentBytes()
    wrongLoggers += serveRequests((requests / 10 + 1)...requests, requestID: requestID)
    FlushTasks.running.waitForNone(seconds: 10)
    let residentAtEnd = residentBytes()
    if let start = residentAtTenth, let end = residentAtEnd {
        let growth = Double(end - start) / 1_048_576
        print(
            "server pattern\(pattern): RSS growth from request \(requests / 10) to \(requests): \(format2(growth)) MiB "
                + "(goal < 5 MiB); loggers that saw another request: \(wrongLoggers); flush tasks still running: "
                + "\(FlushTasks.running.count)"
        )
    } else {
        print(
            "server pattern\(pattern): no /proc/self/statm here, RSS not measured; loggers that saw another request: "
                + "\(wrongLoggers)")
    }
}

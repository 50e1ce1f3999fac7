import Ambient
import Foundation

/// Random programs over a few dependency keys, each run against Ambient and against a reference model of the rules of
/// the Semantics article.
///
/// Every read must return the instance the model returns, every default must be created as many times as the model
/// creates it, and once a program has dropped its values nothing it created may be alive. A failing program is shrunk
/// and printed with its seed; `AMBIENT_MODEL_SEED` replays one seed, `AMBIENT_MODEL_PROGRAMS` sets how many run.
///
/// ```swift
/// let result = await ModelCheck.checkPrograms(500, firstSeed: 1)
/// #expect(result.failures.isEmpty)
/// ```
public enum ModelCheck {
    /// Runs the program of `seed`; on failure, shrinks it and describes it.
    ///
    /// - Parameters:
    ///   - seed: The program's seed.
    ///   - options: What the programs may contain.
    /// - Returns: The failure, or `nil` when Ambient agreed with the model.
    public static func check(seed: UInt64, options: ModelCheckOptions = ModelCheckOptions()) async -> ModelFailure? {
        // NB: the whole check, the watchdog's start and stop included, runs on the programs' own thread: back on the
        // cooperative pool between two programs, the stop could wait for a free pool thread as long as the stress
        // suites hold them all, and the watchdog would take that for the program's time.
        await ProgramExecutor.run { await checkOnTheProgramsThread(seed: seed, options: options) }
    }

    private static func checkOnTheProgramsThread(seed: UInt64, options: ModelCheckOptions) async -> ModelFailure? {
        var generator = ProgramGenerator(
            seed: seed, defaultsMayKeepTheirScope: options.defaultsMayKeepTheirScope, contract: options.contract
        )
        let program = generator.program()
        guard let message = await run(program, seed: seed, options: options) else { return nil }
        let kind = FailureKind(message)
        // A lifetime failure waits `settleTime` on every candidate that still fails; the others take a millisecond.
        let shrinker = Shrinker(attempts: kind == .lifetime ? 100 : 3_000) { candidate in
            guard let other = await run(candidate, seed: seed, options: options) else { return false }
            return FailureKind(other) == kind
        }
        let shrunk = await shrinker.shrink(program)
        let shrunkMessage = await run(shrunk, seed: seed, options: options) ?? message
        let replay =
            (options.contract ? "" : "AMBIENT_MODEL_CONTRACT=0 ")
            + (options.defaultsMayKeepTheirScope ? "" : "AMBIENT_MODEL_ACYCLIC=1 ")
            + (options.settleTime == nil ? "AMBIENT_MODEL_LIFETIMES=0 " : "")
            + "AMBIENT_MODEL_SEED=\(seed)"
        return ModelFailure(seed: seed, replay: replay, message: shrunkMessage, program: shrunk.description)
    }

    /// Seeds that once disagreed with the contract model, each run by `ReferenceModelTests` so that the
    /// disagreement stays fixed:
    ///
    /// - 1000820: a default read from a scope's instance was placed in the root (a core bug).
    /// - 1004985, 3007621, 4001244, 4007881 and 7008364 (the last four found by the soak): a task of a default read
    ///   after its root ended, in a root of the snapshot's own that was freed with the task, so the next task made
    ///   another, and the program created a default once more than the model. A root that ended now hands over to
    ///   its heir (Semantics: "A root that ended hands over to its heir").
    /// - 19639 (the debug batch), 5003447 and 11003572 (the soak): hangs. A read through values kept after their
    ///   scope ended created a default whose creation read others, each creation keeping what it rebuilt for itself,
    ///   so a diamond of defaults made one instance per path, and the program ran until the watchdog stopped it. What
    ///   a creation rebuilds for a scope that ended now goes where the creation goes (Semantics: "A scope that ended
    ///   rebuilds once per reader").
    /// - 34859: a race across scopes whose winner the core chose by timing, while the model made the first reader's
    ///   creation; a later step read through the values the default kept. The readers of a race now start creations
    ///   in the model's order.
    /// - 1004840 (CI's soak, the first day the batch checked leaks) and 216: the core kept instances the model said
    ///   were freed, and the model was wrong twice. It never ended the heir, whose values then keep what they read or
    ///   named of its instances, as any root's do; and it took values that hold each other for freed once the program
    ///   dropped them, so their snapshots missed what a later end hands them (216: a default of another context).
    ///   Such cycles live on in Swift, and the model now knows it.
    /// - 25909 (the soak, the day it checked every program's lifetimes): the model kept one instance more than the
    ///   core. A value read a key after its scope ended and made its own instance; when the root ended, the model
    ///   handed it the root's instance of that key too, which the core rightly does not: it keeps the one it made.
    /// - 12002036 and 19004050 (the soak, in ranges no run had covered; the model of the day before disagreed too): the
    ///   model created a default once more than the core. A value made an instance of its own for a key its
    ///   ended scope never handed it; once the root ended too, the model looked for that key only among what the
    ///   value's scopes had handed out, and made another in the heir. The core keeps the one it made.
    /// - 55000522 (the soak, at 55 million): the core kept one instance more than the model, a core bug. A value read
    ///   a key after its scope ended and got an instance built for it; since the value's snapshot kept it only from
    ///   its second read on, the end of an enclosing scope handed the value that scope's instance, which a later read
    ///   returned (`ContractTests.cartBuiltForACheckoutAfterItsScopeEndedStaysItsCartWhenTheEnclosingScopeEnds`). A
    ///   snapshot now keeps what it is handed from the first read on, in the core and in the model; 59002479 is the
    ///   model's side of it (a scope's instance, first read through a snapshot, is kept from then on).
    /// - 76002472 (the soak, at 76 million): the core kept one instance more than the model, a core bug. After a
    ///   value's scope ended, a default created from the value's values rebuilt a key for the value; the value did not
    ///   keep that instance as its own, so the root's end handed it the root's instance too, which a later read would
    ///   have returned (`ContractTests.cartBuiltWhileACheckoutsReceiptIsCreatedStaysTheCheckoutsCartWhenTheEnclosingScopeEnds`).
    ///   A snapshot now keeps an instance built for it from the moment it is placed, whoever's creation built it.
    /// - 52 (the debug batch, once the model knew the rule; both had shared the error): a default created after its
    ///   scope ended, from the values of a value of that scope, made a new instance of a key the value had kept,
    ///   where it must read the value's (`ContractTests.receiptOfACheckoutCreatedAfterItsScopeEndedHasTheCartTheCheckoutHad`).
    ///   With the model taught the rule and the core as it was, 10 of the first 1,031 programs disagree.
    /// - 96435, 1004807 (in CI's far range), 16004856 and 94526 (the soak, with that rule): a creation made, after the
    ///   root ended, while another creation from a value's values ran, read a key its root's heir did not know yet.
    ///   The core answered with what the value kept once it had created one more instance, the model with the new
    ///   one. Both now answer with what the value kept, and create nothing.
    /// - 132 (the debug batch, once the core knew the rule; the model had shared the error) and 111806 (the soak,
    ///   before the rule: threads reading at once created the value once less than the model said): an object with a
    ///   property on its own key, read after its scope ended, got an instance built for it in place of itself
    ///   (`SelfReferenceLifetimeTests.loggerKeptAfterItsRequestAndItsRootEndedIsStillItsOwnLogger`). With that rule,
    ///   14001131 disagreed in some runs: the probes' Dispatch blocks and tasks held a creation's values a moment after
    ///   the creation went on, so an instance that only they kept outlived the model's count of it. They now let go
    ///   first.
    /// - 52 again, and 508 (the soak, once the model knew the rule and its programs read the first property of a
    ///   default read through a value's values): a default made from a value's values, after the value's scope
    ///   ended, read a property after its creation ended and got a new instance, not the one the value had
    ///   (`ContractTests.receiptThatReadsItsCartOnlyWhenAskedHasTheCartTheCheckoutHad`); in 508, the instances
    ///   alive after the program disagreed too (12 against the model's 11). With the core as it was, 5 of the first
    ///   5,000 programs disagree.
    /// - 31 and 377 (the first batch, once the generator made scopes inside the values a value keeps, from a stream of
    ///   draws of its own, so that every earlier seed keeps its program): in 31, such a scope, once the root ended,
    ///   created an instance in the heir before it found its own (one creation too many;
    ///   `KeptValuesScopeTests.scopeInsideAnAccountsValuesFindsItsOwnAccountAfterTheRootEndedWithoutCreatingOne`); in
    ///   377, the root, ending first, handed a value of that scope its session in place of the scope's, and the
    ///   instances alive after the program disagreed (2 against the model's 5;
    ///   `KeptValuesScopeTests.profileOfAScopeInsideASessionsValuesKeepsTheScopesSessionWhenTheRootEndsFirst`).
    /// - 42588 and 48176 (the soak, once the generator re-entered values captured inside such a scope in a later root,
    ///   from a third stream of draws): once the root ended, what the heir learned of a key decided the scope's
    ///   instance. In 42588 the scope got a new dashboard in place of the one it had handed out
    ///   (`KeptValuesScopeTests.scopeInsideADashboardsValuesKeepsItsDashboardWhateverTheHeirLearnsOfItsReads`); in
    ///   48176 a wallet created there built a ledger of its own, which the scope then answered with, in place of the
    ///   one its values kept
    ///   (`KeptValuesScopeTests.walletCreatedInAScopeInsideAWalletsValuesAfterTheRootEndedSharesTheScopesLedger`).
    ///   551, 2987, 13791 and 18455 were the model's errors on the way: it did not look inside the scope, looked for
    ///   what the values kept by the heir's reads, and held for good the values a value was made from, which the core
    ///   holds weakly. 7008364 was the core's: values made from such values stopped reading in the heir once those
    ///   were gone.
    /// - 14439, 15216, 22604 and 34845 (the soak, once a value made from a snapshot's values, naming a key Ambient
    ///   knew nothing of, kept weakly what that snapshot keeps): the model's error, in programs whose defaults start a
    ///   `Task` in `init`. It left out what was built for the snapshot alone, which the core pins, and created one
    ///   instance more than the core.
    /// - 45291 (the soak): the model's error of the same kind, older. A value made, in a scope inside a snapshot's
    ///   values, from values that name a key built for that snapshot alone (its scope had ended) pins that instance
    ///   when its creation ends, as the core does; the model looked only at what the snapshot pinned, and counted one
    ///   survivor fewer (5 against the core's 6, shrunk).
    /// - 20237, 22333, 29062 and 41066 (the soak, once a scope made inside a value's values could choose another
    ///   context): the model's error. It read through the value's snapshot in the snapshot's context, not the
    ///   scope's: in a preview root, a scope inside a value's values that chose the testing context got a new
    ///   instance of a plain struct at every read, where the core hands out the root's testing instance. The programs
    ///   of 132, 2987, 13791 and 48176 gained such scopes then, and still agree.
    /// - 282488 and 301312 (the soak): the interpreter's timing, not a rule. A default's task that was let run holds
    ///   the values it inherited until it ends, at its next turn after the default was freed; the program read in that
    ///   moment, through values made from a snapshot's, and found an instance that the model had freed with the
    ///   default. The interpreter now lets such tasks end before it reads on.
    public static let formerDisagreements: [UInt64] = [
        1_000_820, 1_004_985, 3_007_621, 4_001_244, 4_007_881, 7_008_364, 19_639, 34_859, 5_003_447, 11_003_572,
        1_004_840, 216, 25_909, 12_002_036, 19_004_050, 55_000_522, 59_002_479, 76_002_472, 52, 96_435, 1_004_807,
        16_004_856, 94_526, 132, 111_806, 14_001_131, 508, 31, 377, 42_588, 48_176, 551, 2_987, 13_791, 18_455,
        14_439, 15_216, 22_604, 34_845, 45_291, 20_237, 22_333, 29_062, 41_066, 282_488, 301_312,
    ]

    /// For each break of a rule of the Semantics article's "Deciding collisions" that `.ci/plant-rule-break` plants
    /// back into the core, the first seed of the debug batch (seeds 1 to 4,000) that caught it when the batch checked
    /// lifetimes only of programs the model says keep nothing: a program of the shape the break gets wrong, kept as a
    /// regression seed. Now that every program's lifetimes are checked, the release soak catches two breaks sooner:
    /// `recorder-hears-every-thread` at seed 35 and `ended-scope-hands-over-nothing` at seed 8 (the others at the
    /// same seeds, or by stopping or stalling the run).
    ///
    /// - `frame-holds-the-value` (a task started by a default's `init` keeps the default alive): seed 7, three
    ///   instances alive where the model keeps none.
    /// - `recorder-hears-every-thread` (a Dispatch block's reads count as the default's): seed 64.
    /// - `naming-an-outer-creation-is-a-cycle` (a property on a key being created stops the process): seed 4.
    /// - `naming-creates` (a property's value is created with the object): seed 3.
    /// - `ended-scope-hands-over-nothing` (an object of an ended scope gets new instances): seed 124.
    /// - `later-reads-move-instances` (a scope that shared the root's instance gets another): seed 292 (seed 134
    ///   until scopes inside a value's values could choose a context, which changed 134's program).
    /// - `ending-scope-hands-over-what-it-does-not-serve` (an ending root hands a value an instance that an override
    ///   the value inherited decides, and keeps it alive): seed 35, four instances alive where the model keeps three.
    /// - `scope-inside-values-forgets-its-instances` (a scope made inside a value's values creates an instance in
    ///   the heir before it finds its own): seed 31.
    /// - `heir-decides-for-kept-values` (once the root ended, what the heir learns of a key decides the instance of
    ///   a scope made inside a value's values): seed 42588, the first of the soak's seeds 1 to 45,000 that catches it.
    /// - `values-made-in-the-heir-forget-their-snapshot` (a value created from such values after the root ended gets
    ///   instances of its own, not what the values kept): seed 5786, the first of the soak's seeds 1 to 40,000 that
    ///   catches it (2862 no longer did by `6992a8a`: the partner rules changed what its program reads).
    /// - `partners-forget-the-scope` (a root or scope that ends keeps nothing, not even weakly, for values that named
    ///   a key Ambient knew nothing of): seed 52.
    /// - `unknown-key-path-keeps-nothing` (a creation made from a snapshot's values that names a key Ambient knew
    ///   nothing of keeps nothing of what those values keep): seed 52 too.
    /// - `linked-scope-unknown-to-the-heir` (once the root ended, a value's values create an instance in the heir
    ///   before they find a live linked scope's): seed 16608.
    /// - `tasks-carry-no-lineage` (a chain of a key's creations, each made by the task of the one before, goes
    ///   unreported): seed 52 as well, the first of the batch once the model predicted reports.
    public static let plantedBreakSeeds: [(name: String, seed: UInt64)] = [
        ("frame-holds-the-value", 7), ("recorder-hears-every-thread", 64), ("naming-an-outer-creation-is-a-cycle", 4),
        ("naming-creates", 3), ("ended-scope-hands-over-nothing", 124), ("later-reads-move-instances", 292),
        ("ending-scope-hands-over-what-it-does-not-serve", 35), ("scope-inside-values-forgets-its-instances", 31),
        ("heir-decides-for-kept-values", 42_588), ("values-made-in-the-heir-forget-their-snapshot", 5_786),
        ("linked-scope-unknown-to-the-heir", 16_608), ("partners-forget-the-scope", 52),
        ("unknown-key-path-keeps-nothing", 52), ("tasks-carry-no-lineage", 52),
    ]

    /// Runs `count` programs, of seeds `firstSeed`, `firstSeed + 1`, …, and stops after `maximumFailures` failures.
    ///
    /// - Parameters:
    ///   - count: How many programs to run.
    ///   - firstSeed: The seed of the first program.
    ///   - maximumFailures: How many failures to shrink and report before stopping.
    ///   - options: What the programs may contain.
    /// - Returns: How many programs ran, and the failures.
    public static func checkPrograms(
        _ count: Int, firstSeed: UInt64, maximumFailures: Int = 3, options: ModelCheckOptions = ModelCheckOptions()
    ) async -> ModelCheckResult {
        await ProgramExecutor.run {
            var result = ModelCheckResult()
            for index in 0..<count where result.failures.count < maximumFailures {
                result.programs += 1
                let seed = firstSeed &+ UInt64(index)
                if let failure = await checkOnTheProgramsThread(seed: seed, options: options) {
                    result.failures.append(failure)
                }
            }
            return result
        }
    }

    /// The program of `seed`, one step a line, as a failure would print it unshrunk.
    ///
    /// - Parameters:
    ///   - seed: The program's seed.
    ///   - options: What the programs may contain.
    /// - Returns: The program's description.
    public static func programDescription(seed: UInt64, options: ModelCheckOptions = ModelCheckOptions()) -> String {
        var generator = ProgramGenerator(
            seed: seed, defaultsMayKeepTheirScope: options.defaultsMayKeepTheirScope, contract: options.contract)
        return generator.program().description
    }

    /// The seed to replay from `AMBIENT_MODEL_SEED` (decimal, or hexadecimal after `0x`), if it is set.
    public static var seedFromEnvironment: UInt64? {
        guard let text = ProcessInfo.processInfo.environment["AMBIENT_MODEL_SEED"] else { return nil }
        if text.hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) }
        return UInt64(text)
    }

    /// How many programs to run, from `AMBIENT_MODEL_PROGRAMS`, if it is set.
    public static var programCountFromEnvironment: Int? {
        ProcessInfo.processInfo.environment["AMBIENT_MODEL_PROGRAMS"].flatMap { Int($0) }
    }

    /// Runs `program` under the ``Watchdog``.
    private static func run(_ program: Program, seed: UInt64, options: ModelCheckOptions) async -> String? {
        Watchdog.shared.watch(program, seed: seed)
        defer { Watchdog.shared.watch(nil, seed: seed) }
        return await Interpreter(program: program, settleTime: options.settleTime, contract: options.contract).run()
    }
}

/// What the generated programs may contain, and how long frees may lag.
public struct ModelCheckOptions: Sendable {
    /// Whether defaults may keep what keeps them: a `@Dependency` on their own key, defaults holding each other, a
    /// `DependencyOwner` on its own key, `DependencyValues.current` kept in the value (Semantics: "Freeing never splits
    /// an instance").
    public var defaultsMayKeepTheirScope = true
    /// How long, in seconds, a program's instances may take to be freed once it dropped its values (threads and
    /// queues release their closures a moment after they finish); `nil` checks reads and creations only
    /// (`AMBIENT_MODEL_LIFETIMES=0`). Only a program that fails waits that long.
    public var settleTime: Double? = 3
    /// Whether the model keeps the rules of the Semantics article's "Deciding collisions" ("Lazy is lazy", "Only a
    /// real cycle stops the process", "Bookkeeping ends with the creation", "One instance per key per scope",
    /// "Freeing never splits an instance") and the programs contain the shapes only such a core runs; otherwise the
    /// model is the core before the contract (commit 1254682).
    ///
    /// On unless `AMBIENT_MODEL_CONTRACT=0`, which checks the model of the core before the contract.
    public var contract = true

    /// Every pattern, reads, creations and live instances checked; `AMBIENT_MODEL_ACYCLIC=1` leaves out the defaults
    /// that keep what keeps them, `AMBIENT_MODEL_LIFETIMES=0` checks no live instances, `AMBIENT_MODEL_CONTRACT=0`
    /// checks the model of the core before the contract.
    public init() {
        let environment = ProcessInfo.processInfo.environment
        defaultsMayKeepTheirScope = environment["AMBIENT_MODEL_ACYCLIC"] != "1"
        if environment["AMBIENT_MODEL_LIFETIMES"] == "0" { settleTime = nil }
        contract = environment["AMBIENT_MODEL_CONTRACT"] != "0"
    }
}

/// How many programs ran, and the ones that disagreed with the model.
public struct ModelCheckResult: Sendable {
    /// How many programs ran.
    public var programs = 0
    /// The shrunk failures, in the order found.
    public var failures: [ModelFailure] = []
}

/// A program that disagreed with the reference model, shrunk.
public struct ModelFailure: Sendable, CustomStringConvertible, Error {
    /// The seed that generated the program; `AMBIENT_MODEL_SEED` replays it.
    public let seed: UInt64
    /// The environment that replays it.
    public let replay: String
    /// What went wrong, in the shrunk program.
    public let message: String
    /// The shrunk program, one step a line.
    public let program: String

    /// The seed, the message and the shrunk program.
    public var description: String {
        "seed \(seed) (replay: \(replay)): \(message)\n\(program)"
    }
}

/// What a failure is about, so that shrinking keeps the same kind of failure.
private enum FailureKind: Equatable {
    case read, creations, lifetime

    init(_ message: String) {
        if message.contains("still alive") {
            self = .lifetime
        } else if message.contains("created") {
            self = .creations
        } else {
            self = .read
        }
    }
}

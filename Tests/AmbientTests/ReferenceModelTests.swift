import Ambient
import Testing

@testable import AmbientModelChecking

/// Semantics: every rule, checked by random programs over a few keys (or about forty) against a reference model of
/// the article (`AmbientModelChecking`): each read must return the model's instance, each default be created as
/// often, each report be made, and nothing live once the program dropped its values. A failure names its seed and
/// the shrunk program; `AMBIENT_MODEL_SEED=<seed> swift test --filter ReferenceModelTests` replays it,
/// `AMBIENT_MODEL_PROGRAMS` sets the size of the batch. Serialized: the programs count creations and live instances
/// of shared keys.
@Suite(.serialized) struct ReferenceModelTests {
    @Test func randomProgramsAgreeWithTheReferenceModel() async {
        if let seed = ModelCheck.seedFromEnvironment {
            let failure = await ModelCheck.check(seed: seed)
            #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
            return
        }
        let count = ModelCheck.programCountFromEnvironment ?? 4_000
        let result = await ModelCheck.checkPrograms(count, firstSeed: 1)
        #expect(result.programs == count)
        // Every disagreement is printed, with its seed to replay.
        for failure in result.failures {
            Issue.record("\(failure)")
        }
    }

    /// The seeds that catch each break of a rule planted back into the core agree (see `ModelCheck.plantedBreakSeeds`
    /// and `.ci/plant-rule-break`).
    @Test func seedsThatCatchAPlantedBreakAgree() async {
        for (name, seed) in ModelCheck.plantedBreakSeeds {
            let failure = await ModelCheck.check(seed: seed)
            #expect(failure == nil, "\(name): \(failure.map(String.init(describing:)) ?? "")")
        }
    }

    /// The seeds known to disagree still do (see `ModelCheck.knownDisagreements`): when one agrees, this test fails,
    /// and the seed comes off the list.
    @Test func knownDisagreementsStillDisagree() async {
        // Unshrunk: each of these seeds disagrees at once, or not at all.
        for seed in ModelCheck.knownDisagreements {
            let failure = await ModelCheck.check(seed: seed, shrinks: false)
            withKnownIssue("seed \(seed) disagrees with the model") {
                if let failure { Issue.record("\(failure)") }
            }
        }
    }

    @Test func generatorMakesEveryPattern() {
        var patterns: Set<String> = []
        for seed in UInt64(1)...300 {
            var generator = ProgramGenerator(seed: seed)
            patterns.formUnion(Self.patterns(in: generator.program()))
        }
        #expect(
            patterns == [
                "self-reference", "mutual reference", "owner of its own key", "keeps current values",
                "reads while created", "value", "object", "sync scope", "async scope", "context", "dispatch",
                "thread", "detached", "inline", "race", "holder", "DependencyValues()", "two roots",
                "owner subclass", "read that depends on a value", "many keys", "five or more overrides",
                "a later key set twice", "reads in an update", "changed copy re-entered", "kept object",
                "kept object read from threads", "holder read from threads", "race across scopes",
                "waits for a second reader", "task started by a default", "dispatch block of a creation",
                "task a creation waits for", "getter reads what keeps it", "scope inside kept values",
                "creation enters a scope", "pair per request", "nested five deep",
            ]
        )
    }

    /// The shrinker leaves only what a failure needs, so that a failing seed reads as its shape: for a failure that
    /// needs one default's work and nothing else, every other key becomes a plain struct, that default keeps its
    /// work but reads nothing, and no step is left.
    @Test func shrinkerLeavesOnlyWhatTheFailureNeeds() async throws {
        var found: (program: Program, key: Int)?
        for seed in UInt64(1)...300 where found == nil {
            var generator = ProgramGenerator(seed: seed)
            let program = generator.program()
            if let key = program.keys.firstIndex(where: { $0.work?.reads.isEmpty == false && !$0.reads.isEmpty }) {
                found = (program, key)
            }
        }
        let (program, key) = try #require(found)
        let shrunk = await Shrinker(attempts: 100_000) { $0.keys[key].work != nil }.shrink(program)
        for (index, behavior) in shrunk.keys.enumerated() where index != key {
            #expect(behavior == KeyBehavior(), "k\(index)")
        }
        var expected = KeyBehavior(shape: program.keys[key].shape, work: program.keys[key].work)
        expected.work?.reads = []
        #expect(shrunk.keys[key] == expected)
        #expect(shrunk.roots.map(\.body) == [[]])
    }

    /// A failing program prints as the Swift that makes it, parts at their defaults left out, so that pasted into a
    /// test it is that program: the literal below is the text it prints.
    @Test func programPrintsAsTheSwiftThatMakesIt() {
        let program = Program(
            keys: [
                KeyBehavior(),
                KeyBehavior(shape: .object, reads: [0], references: [.init(key: 0, byKeyPath: true)]),
            ],
            roots: [
                RootRun(
                    context: .testing,
                    body: [
                        .read(1, threads: 3),
                        .scope(
                            overrides: [OverrideSpec(key: 0, isObject: true)], isAsync: true,
                            body: [.keep(slot: 1, key: 1), .reenter(slot: 2, executor: .thread, body: [])]),
                    ])
            ])
        #expect(
            program.description == """
                Program(keys: [
                    KeyBehavior(),
                    KeyBehavior(shape: .object, reads: [0], references: [.init(key: 0, byKeyPath: true)]),
                ], roots: [
                    RootRun(context: .testing, body: [
                        .read(1, threads: 3),
                        .scope(overrides: [OverrideSpec(key: 0, isObject: true)], isAsync: true, body: [
                            .keep(slot: 1, key: 1),
                            .reenter(slot: 2, executor: .thread, body: []),
                        ]),
                    ]),
                ])
                """)
    }

    // MARK: Helpers

    /// The patterns of the issues and of the Semantics article that `program` contains.
    static func patterns(in program: Program) -> Set<String> {
        var found: Set<String> = []
        if program.keys.count > 8 { found.insert("many keys") }
        for (index, key) in program.keys.enumerated() {
            if key.references.contains(where: { $0.key == index }) { found.insert("self-reference") }
            if case .owner(let held) = key.shape, held == index { found.insert("owner of its own key") }
            if case .ownerSubclass = key.shape { found.insert("owner subclass") }
            if !key.conditionalReads.isEmpty { found.insert("read that depends on a value") }
            if key.waitsForASecondReader { found.insert("waits for a second reader") }
            if key.scopedRead != nil { found.insert("creation enters a scope") }
            switch key.work?.kind {
            case .task: found.insert("task started by a default")
            case .dispatch: found.insert("dispatch block of a creation")
            case .taskDuringCreation: found.insert("task a creation waits for")
            case nil: break
            }
            if key.reads.contains(where: { program.keys[$0].laterReads.contains(index) }) {
                found.insert("getter reads what keeps it")
            }
            if key.capturesCurrent { found.insert("keeps current values") }
            if !key.reads.isEmpty { found.insert("reads while created") }
            found.insert(key.shape == .value ? "value" : "object")
            for other in key.laterReads where other != index && program.keys[other].laterReads.contains(index) {
                found.insert("mutual reference")
            }
        }
        if program.roots.count > 1 { found.insert("two roots") }
        for root in program.roots {
            patterns(in: root.body, depth: 0, into: &found)
        }
        return found
    }

    private static func patterns(in steps: [Step], depth: Int, into found: inout Set<String>) {
        for step in steps {
            switch step {
            case .scope(let overrides, let context, let isAsync, let reads, let body):
                found.insert(isAsync ? "async scope" : "sync scope")
                if !reads.isEmpty { found.insert("reads in an update") }
                if context != nil { found.insert("context") }
                if depth >= 4 { found.insert("nested five deep") }
                if overrides.count == 1, !overrides[0].isObject,
                    body.count == 3, case .keep = body[0]
                {
                    found.insert("pair per request")
                }
                patterns(in: overrides, into: &found)
                patterns(in: body, depth: depth + 1, into: &found)
            case .reenter(_, let overrides?, let executor, let body):
                found.insert("changed copy re-entered")
                found.insert(executor.rawValue)
                patterns(in: overrides, into: &found)
                patterns(in: body, depth: depth + 1, into: &found)
            case .keep:
                found.insert("kept object")
            case .readKept(_, _, let threads) where threads > 1:
                found.insert("kept object read from threads")
            case .raceAcross:
                found.insert("race across scopes")
            case .readHolder(_, _, let threads) where threads > 1:
                found.insert("holder read from threads")
                found.insert("holder")
            case .reenter(_, nil, let executor, let body):
                found.insert(executor.rawValue)
                patterns(in: body, depth: depth + 1, into: &found)
            case .rootValues(let body):
                found.insert("DependencyValues()")
                patterns(in: body, depth: depth + 1, into: &found)
            case .scopeInKeptValues(_, let overrides, let body):
                found.insert("scope inside kept values")
                patterns(in: overrides, into: &found)
                patterns(in: body, depth: depth + 1, into: &found)
            case .read(_, let threads) where threads > 1:
                found.insert("race")
            case .makeHolder, .readHolder:
                found.insert("holder")
            default:
                break
            }
        }
    }

    private static func patterns(in overrides: [OverrideSpec], into found: inout Set<String>) {
        if overrides.count >= 5 { found.insert("five or more overrides") }
        if overrides.dropFirst().contains(where: { override in overrides.filter { $0.key == override.key }.count > 1 })
        {
            found.insert("a later key set twice")
        }
    }
}

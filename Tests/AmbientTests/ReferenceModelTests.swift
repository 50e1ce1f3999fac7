import AmbientModelChecking
import Testing

/// DESIGN §4.12: random programs over a few keys, checked step by step against a reference model of DESIGN §4
/// (see `AmbientModelChecking`). A failure names its seed and the shrunk program; `AMBIENT_MODEL_SEED=<seed> swift
/// test --filter ReferenceModelTests` replays it, `AMBIENT_MODEL_PROGRAMS` sets the size of the batch. Serialized:
/// the programs count live instances and creations of shared keys.
@Suite(.serialized) struct ReferenceModelTests {
    @Test func randomProgramsAgreeWithTheReferenceModel() async {
        if let seed = ModelCheck.seedFromEnvironment {
            let failure = await ModelCheck.check(seed: seed)
            #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
            return
        }
        let result = await ModelCheck.checkPrograms(ModelCheck.programCountFromEnvironment ?? 300, firstSeed: 1)
        #expect(result.programs > 0)
        for failure in result.failures {
            Issue.record("\(failure)")
        }
    }
}

import Ambient
import Foundation
import Testing

@testable import AmbientModelChecking

/// The reference model keeps the rules of the Semantics article's "Deciding collisions", and the programs of natural
/// code that broke them before they were written down.
///
/// The model-only tests run in every batch; the programs run against the core unless `AMBIENT_MODEL_CONTRACT=0`, the
/// switch that also leaves the contract's shapes out of the random batch. Each program failed on the core before the
/// contract was kept (a client read first stopped the process); `.ci/plant-rule-break` plants those breaks back.
extension ReferenceModelTests {
    // MARK: The model keeps the contract

    /// Semantics: "Only a real cycle stops the process". A client whose getter reads the session, where the session
    /// keeps `@Dependency(\.client)`, is no cycle in either order; the model of the core before the contract, like that
    /// core on one thread, stops it when the client is read first. The generator builds it with the contract from the
    /// first seeds on: seed 4's k3 reads k1, which keeps `@Dependency(K3.self)`, and its first step reads k3 (that core
    /// stopped the process: `dependency cycle: ModelKey3 → ModelKey1 → ModelKey3`).
    @Test(arguments: [true, false])
    func propertyOnTheGettersKeyIsACycleOnlyInTheModelBeforeTheContract(contract: Bool) {
        let clientFirst = ReferenceModel(keys: Finding.sessionAndClient, contract: contract)
        var root = clientFirst.freshRoot(context: .testing)
        let client = clientFirst.read(1, in: root)
        #expect(clientFirst.reachedCycle == !contract)
        if contract { #expect(clientFirst.readReference(0, index: 0, in: root) == client) }

        let sessionFirst = ReferenceModel(keys: Finding.sessionAndClient, contract: contract)
        root = sessionFirst.freshRoot(context: .testing)
        let session = sessionFirst.read(0, in: root)
        let sessionsClient = sessionFirst.readReference(0, index: 0, in: root)
        #expect(!sessionFirst.reachedCycle)
        #expect(sessionsClient == sessionFirst.read(1, in: root))
        #expect(sessionFirst.read(0, in: root) == session)
        // Today's model creates the client while it creates the session; the contract's, when the property is read.
        #expect(sessionFirst.creations[1] == 1)

        var generator = ProgramGenerator(seed: 4, defaultsMayKeepTheirScope: true, contract: true)
        let keys = generator.program().keys
        #expect(keys[3].reads == [1] && keys[1].laterReads == [3])
    }

    /// A creation that reads its own key before its value exists is a cycle in both models.
    @Test(arguments: [true, false])
    func creationThatReadsItselfIsACycleInBothModels(contract: Bool) {
        let keys = [KeyBehavior(shape: .object, reads: [1]), KeyBehavior(shape: .object, reads: [0])]
        let model = ReferenceModel(keys: keys, contract: contract)
        _ = model.read(0, in: model.freshRoot(context: .testing))
        #expect(model.reachedCycle)
    }

    /// Semantics: "Lazy is lazy": reading a default creates none of its properties' values, but an override of
    /// a property's key still rebuilds it.
    @Test func creatingADefaultCreatesNoneOfItsPropertiesValues() {
        let model = ReferenceModel(keys: Finding.analyticsAndDatabase, contract: true)
        let root = model.freshRoot(context: .testing)
        let analytics = model.read(1, in: root)
        #expect(model.creations == [0, 1] + Array(repeating: 0, count: ModelKeys.count - 2))
        let scope = model.scope(in: root, overrides: [0: -1], context: nil)
        #expect(model.read(1, in: scope) != analytics)
        #expect(model.readReference(1, index: 0, in: scope) == -1)
        let today = ReferenceModel(keys: Finding.analyticsAndDatabase, contract: false)
        _ = today.read(1, in: today.freshRoot(context: .testing))
        #expect(today.creations[0] == 1)
    }

    /// Semantics: "Bookkeeping ends with the creation": what a default's task reads is not the default's read.
    @Test func readsOfADefaultsTaskAreNotItsReads() {
        let model = ReferenceModel(keys: Finding.appWideTask, contract: true)
        let root = model.freshRoot(context: .testing)
        let instance = model.read(1, in: root)
        #expect(model.takeStartedWork().map(\.reads) == [[model.read(0, in: root)]])
        for request in 1...3 {
            let scope = model.scope(in: root, overrides: [0: -request], context: nil)
            #expect(model.read(1, in: scope) == instance)
        }
        #expect(model.creations[1] == 1)
    }

    /// Semantics: "One instance per key per scope": a request's buffer, read through two objects of the
    /// request after it ended, is the request's one buffer.
    @Test func objectsOfAnEndedScopeReadItsOneInstance() {
        let model = ReferenceModel(keys: Finding.logBuffer, contract: true)
        let root = model.freshRoot(context: .testing)
        let request = model.scope(in: root, overrides: [0: -1], context: nil)
        let logger = model.read(2, in: request)
        let auditor = model.read(3, in: request)
        let buffer = model.readReference(2, index: 0, in: request)
        // The scope ended: only the objects read now.
        #expect(model.readReference(ofInstance: logger, index: 0) == buffer)
        #expect(model.readReference(ofInstance: auditor, index: 0) == buffer)
        #expect(model.creations[1] == 1)
    }

    /// Semantics: "One instance per key per scope": a guest that shares the root's cart keeps it after a
    /// creation elsewhere read `persistence`, which the guest overrides; the root keeps it too. The cart's first
    /// creation decides for good: the later read is only reported.
    @Test func scopeKeepsTheInstanceItSharedAfterTheKeyLearnsARead() {
        let model = ReferenceModel(keys: Finding.cart, contract: true)
        let root = model.freshRoot(context: .testing)
        let guest = model.scope(in: root, overrides: [1: -1], context: nil)
        let cart = model.read(2, in: guest)
        let settings = model.scope(in: root, overrides: [0: -2], context: nil)
        let persistingCart = model.read(2, in: settings)
        #expect(persistingCart != cart)
        #expect(model.read(2, in: guest) == cart)
        #expect(model.read(2, in: root) == cart)
        // A new scope that overrides only `persistence` shares the root's cart too: the first creation did not
        // read `persistence`, so the later read moves nothing.
        let otherGuest = model.scope(in: root, overrides: [1: -3], context: nil)
        #expect(model.read(2, in: otherGuest) == cart)
    }

    /// Semantics: "Freeing never splits an instance": two values of one scope, or of one root, that hold each other
    /// stay alive together once the program dropped them; a value that holds itself does not.
    @Test func valuesThatHoldEachOtherSurviveAndAValueThatHoldsItselfDoesNot() {
        let half = ReferenceModel(keys: ReferenceModelTests.KeepingPattern.mutualReference.keys, contract: true)
        _ = half.read(1, in: half.freshRoot(context: .testing))
        #expect(half.survivors() == 0)
        let pair = ReferenceModel(keys: ReferenceModelTests.KeepingPattern.mutualReference.keys, contract: true)
        _ = pair.readReference(1, index: 1, in: pair.freshRoot(context: .testing))
        #expect(pair.survivors() == 2)
        // In a request scope, the pair keeps the request's override, which their snapshots inherited, too.
        let request = ReferenceModel(keys: ReferenceModelTests.KeepingPattern.mutualReference.keys, contract: true)
        let scope = request.scope(in: request.freshRoot(context: .testing), overrides: [0: -1], context: nil)
        _ = request.readReference(1, index: 1, in: scope)
        #expect(request.survivors() == 3)
        let itself = ReferenceModel(keys: ReferenceModelTests.KeepingPattern.selfReference.keys, contract: true)
        let selfScope = itself.scope(in: itself.freshRoot(context: .testing), overrides: [0: -1], context: nil)
        _ = itself.readReference(1, index: 1, in: selfScope)
        #expect(itself.survivors() == 0)
    }

    // MARK: The programs run on a thread of their own

    /// CI's flake: the programs waited for a cooperative pool thread while the stress suites' synchronous
    /// bodies held them all under the thread sanitizer, and the watchdog took that for a hang. They run on their own
    /// thread, and so do the detached tasks and the tasks defaults start in them.
    @Test func programsAndTheirTasksRunOnTheirOwnThread() async {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let onTheProgramsThread = await ProgramExecutor.run { () async -> [Bool?] in
            let first = ProgramExecutor.isCurrent
            await Task.yield()
            let detached = await ProgramExecutor.detached { () async -> Bool in ProgramExecutor.isCurrent }.value
            let started = ConditionBox<Bool>()
            await ProgramExecutor.task { started.set(ProgramExecutor.isCurrent) }.value
            return [first, ProgramExecutor.isCurrent, detached, started.value]
        }
        #expect(onTheProgramsThread == [true, true, true, true])
        #expect(!ProgramExecutor.isCurrent)
    }

    // MARK: Natural code that broke the rules before the contract

    /// Each finding's shape, run against the core with the contract's model, lifetimes checked; off with
    /// `AMBIENT_MODEL_CONTRACT=0`.
    @Test(.enabled(if: ModelCheckOptions().contract), arguments: Finding.allCases)
    func findingAgreesWithTheContract(_ finding: Finding) async {
        let program = finding.program
        let failure = await ProgramExecutor.run {
            await Interpreter(program: program, settleTime: 1, contract: true).run()
        }
        #expect(failure == nil, "\(finding): \(failure ?? "")")
    }

    /// Natural code that broke a rule of "Deciding collisions" before the contract was kept, as programs.
    enum Finding: String, CaseIterable, Sendable {
        case taskOfAPerRequestDefault, taskOfAnAppWideDefault, taskDuringTheCreationOfAnAppWideDefault
        case dispatchOfAnAppWideDefault
        case clientReadFirst, sessionReadFirst, clientAndSessionFromTwoThreads, unreadProperty, bufferAfterTheRequest
        case cartOfAGuest

        /// k0 a session keeping `@Dependency(\.k1)`, k1 a client whose creation reads the session.
        static let sessionAndClient = [
            KeyBehavior(shape: .object, references: [.init(key: 1, byKeyPath: true)]),
            KeyBehavior(shape: .object, reads: [0]),
        ]
        /// k0 a database, k1 analytics keeping `@Dependency(\.k0)` for a method never called.
        static let analyticsAndDatabase = [
            KeyBehavior(shape: .object), KeyBehavior(shape: .object, references: [.init(key: 0, byKeyPath: true)]),
        ]
        /// k0 a request id, k1 an app-wide default whose `init` starts a task that reads k0.
        static let appWideTask = [
            KeyBehavior(), KeyBehavior(shape: .object, work: .init(kind: .task, reads: [0])),
        ]
        /// k0 a request id, k1 a buffer per request, k2 a logger and k3 an auditor per request that keep the buffer.
        static let logBuffer = [
            KeyBehavior(), KeyBehavior(shape: .object, reads: [0]),
            KeyBehavior(shape: .object, reads: [0], references: [.init(key: 1, byKeyPath: true)]),
            KeyBehavior(shape: .object, reads: [0], references: [.init(key: 1, byKeyPath: false)]),
        ]
        /// k0 a config, k1 persistence, k2 a cart that reads persistence when the config is overridden.
        static let cart = [
            KeyBehavior(), KeyBehavior(shape: .object),
            KeyBehavior(shape: .object, conditionalReads: [.init(when: 0, then: 1)]),
        ]

        var program: Program {
            let request = { (body: [Step]) in ReferenceModelTests.scope(overriding: 0, with: .value, body: body) }
            switch self {
            case .taskOfAPerRequestDefault:
                let keys = [
                    KeyBehavior(), KeyBehavior(shape: .object, reads: [0], work: .init(kind: .task, reads: [0])),
                ]
                let body = (0..<3).map { _ in request([.read(1)]) }
                return Program(keys: keys, roots: [RootRun(context: .testing, body: body)])
            case .taskOfAnAppWideDefault, .taskDuringTheCreationOfAnAppWideDefault, .dispatchOfAnAppWideDefault:
                var keys = Self.appWideTask
                if self == .taskDuringTheCreationOfAnAppWideDefault { keys[1].work?.kind = .taskDuringCreation }
                if self == .dispatchOfAnAppWideDefault { keys[1].work?.kind = .dispatch }
                let body = [Step.read(1)] + (0..<3).map { _ in request([.read(1)]) }
                return Program(keys: keys, roots: [RootRun(context: .default, body: body)])
            case .clientReadFirst:
                return Program(
                    keys: Self.sessionAndClient,
                    roots: [RootRun(context: .testing, body: [.read(1), .readReference(0, index: 0), .read(1)])])
            case .sessionReadFirst:
                return Program(
                    keys: Self.sessionAndClient,
                    roots: [RootRun(context: .testing, body: [.read(0), .readReference(0, index: 0), .read(1)])])
            case .clientAndSessionFromTwoThreads:
                return Program(
                    keys: Self.sessionAndClient,
                    roots: [
                        RootRun(context: .testing, body: [.race(1, threads: 2), .readReference(0, index: 0)]),
                        RootRun(context: .testing, body: [.race(0, threads: 2), .readReference(0, index: 0)]),
                    ])
            case .unreadProperty:
                return Program(keys: Self.analyticsAndDatabase, roots: [RootRun(context: .testing, body: [.read(1)])])
            case .bufferAfterTheRequest:
                let body: [Step] = [
                    // The request writes to its buffer first, so that only what happens after it ended differs.
                    request([.read(1), .keep(slot: 1, key: 2), .keep(slot: 2, key: 3), .readReference(2, index: 0)]),
                    .readKept(slot: 1, index: 0, threads: 1), .readKept(slot: 2, index: 0, threads: 8),
                    .readKept(slot: 1, index: 0, threads: 8),
                ]
                return Program(keys: Self.logBuffer, roots: [RootRun(context: .testing, body: body)])
            case .cartOfAGuest:
                let body: [Step] = [
                    ReferenceModelTests.scope(overriding: 1, body: [.keep(slot: 1, key: 2), .capture(slot: 2)]),
                    ReferenceModelTests.scope(overriding: 0, with: .value, body: [.read(2)]),
                    .reenter(slot: 2, executor: .inline, body: [.read(2)]),
                    .read(2),
                ]
                return Program(keys: Self.cart, roots: [RootRun(context: .testing, body: body)])
            }
        }
    }
}

/// A value set by one task and read by another.
private final class ConditionBox<Value: Sendable>: @unchecked Sendable {
    // Safe: `stored` is behind `lock`.
    private let lock = NSLock()
    private var stored: Value?

    func set(_ value: Value) { lock.withLock { stored = value } }
    var value: Value? { lock.withLock { stored } }
}

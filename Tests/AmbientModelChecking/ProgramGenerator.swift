import Ambient

/// Builds a random program from a seed: its keys' defaults, then its roots and their steps.
///
/// NB: a seed names its program for good (the regression seeds rely on it), so every draw stays where it is. Shapes
/// added after seeds were kept draw from streams of their own, so that each program kept its steps and gained the new
/// ones beside them: ``laterShapes`` (a scope made in a value's kept values), ``reentryShapes`` (a re-entry of values
/// captured in one) and ``issueShapes`` (the lifetime shapes of `ProgramGenerator+IssueShapes.swift`).
struct ProgramGenerator {
    private var random: SplitMix64
    private var laterShapes: SplitMix64
    private var reentryShapes: SplitMix64
    var issueShapes: SplitMix64
    /// Whether the steps being made are drawn from ``laterShapes`` or ``reentryShapes``, which then draw none of theirs.
    private var drawingLaterShapes = false
    /// Keys `(request, a, b)` where `a` and `b` name each other and `a` reads `request`.
    var pair: (request: Int, a: Int, b: Int)?
    var keyCount = 0
    var keys: [KeyBehavior] = []
    private var budget = 0
    var nextSlot = 0
    private var capturedSlots: [Int] = []
    /// The slots captured in the root being generated.
    private var capturedSlotsOfTheRoot: [Int] = []
    private var holderSlots: [Int] = []
    private var keptSlots: [Int] = []
    /// The slots captured inside a scope made in a value's values, which a later step may re-enter, once the root
    /// those values read in may have ended.
    private var slotsInKeptValues: [Int] = []

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        laterShapes = SplitMix64(seed: seed ^ 0x5C0B_E1E5_1DE0_0001)
        reentryShapes = SplitMix64(seed: seed ^ 0x2EE7_7E2E_D0C5_0002)
        issueShapes = SplitMix64(seed: seed ^ 0x1554_E480_0000_0003)
    }

    mutating func program() -> Program {
        // Most programs use a few keys, so that what they do meets; some use about forty, so that a root's and a
        // scope's tables fill and grow.
        keyCount = random.chance(12) ? 30 + random.below(ModelKeys.count - 29) : 4 + random.below(3)
        keys = behaviors()
        let roots = (0..<(1 + random.below(2))).map { _ in
            capturedSlotsOfTheRoot = []
            budget = 14 + random.below(14)
            let context = random.element(of: [.testing, .testing, .default, .preview] as [DependencyContext])
            return RootRun(context: context, body: steps(depth: 0, isAsync: true) + issueSteps())
        }
        return Program(keys: keys, roots: roots)
    }

    private mutating func behaviors() -> [KeyBehavior] {
        // With many keys, each reads fewer of the keys before it, so that creations stay short.
        let readChance = keyCount > 8 ? 6 : 30
        var keys = (0..<keyCount).map { index in
            var key = KeyBehavior(shape: random.chance(45) ? .object : .value)
            key.reads = (0..<index).filter { _ in random.chance(readChance) }
            if index >= 2, random.chance(20) {
                // A read that depends on a value (a cart reads `persistence` when `config` persists).
                let (when, then) = (random.below(index), random.below(index))
                if when != then { key.conditionalReads.append(.init(when: when, then: then)) }
            }
            return key
        }
        for index in keys.indices {
            // Without the defaults that keep what keeps them, a default holds only keys of lower index: no value can
            // then reach itself through what it holds.
            var key = keys[index]
            defer { keys[index] = key }
            if random.chance(20) {
                let held = random.chance(50) ? index : self.key()
                // Maybe a subclass whose superclass declares the other property.
                key.shape = random.chance(30) ? .ownerSubclass(inherited: self.key(), own: held) : .owner(holding: held)
                continue
            }
            for _ in 0..<random.below(3) {
                key.references.append(.init(key: random.chance(35) ? index : self.key(), byKeyPath: random.chance(50)))
            }
            key.capturesCurrent = random.chance(20)
            if !key.reads.isEmpty, random.chance(25) {
                // A client's getter reads the session, which keeps `@Dependency(\.client)`: the getter reads a key
                // whose value keeps a `@Dependency` on the getter's own key.
                let read = random.element(of: key.reads)
                if !keys[read].isOwner { keys[read].references.append(.init(key: index, byKeyPath: random.chance(50))) }
            }
            if key.shape == .object, random.chance(20) {
                // A periodic flush or a stream consumer: `init` starts work that reads keys and holds the default
                // weakly. A Dispatch block the creation waits for reads keys before this one only (others could wait
                // for this one).
                let kind = random.element(of: [.task, .dispatch, .taskDuringCreation] as [KeyBehavior.Work.Kind])
                let readable = kind == .task ? keyCount : index
                if readable > 0 {
                    key.work = .init(kind: kind, reads: (0...random.below(2)).map { _ in random.below(readable) })
                }
            }
        }
        issueKeys(&keys)
        for index in keys.indices where keys[index].readsNothingWhileCreated && keys[index].laterReads.isEmpty {
            // Its creation reads nothing, so the scopes of a race share it: the second reader waits for the first.
            keys[index].waitsForASecondReader =
                !keys[index].capturesCurrent && keys[index].work == nil && random.chance(40)
        }
        return keys
    }

    private mutating func steps(depth: Int, isAsync: Bool) -> [Step] {
        var steps: [Step] = []
        for _ in 0..<(1 + random.below(4)) where budget > 0 {
            budget -= 1
            let keptBefore = keptSlots.count
            let step = step(depth: depth, isAsync: isAsync)
            steps.append(step)
            if case .keep(let slot, _) = step, random.chance(50) {
                // The kept object read while its scope lasts, from one or several threads.
                steps.append(readKept(slot))
            } else if case .scope(_, _, _, [], _) = step, keptSlots.count > keptBefore, random.chance(60) {
                // A logger flushing after its request: an object kept in a scope is read after the scope ended, from
                // several threads.
                steps.append(readKept(keptSlots[keptSlots.count - 1]))
            }
            guard !drawingLaterShapes, depth < 3 else { continue }
            if laterShapes.chance(8) { steps.append(laterShape(from: \.laterShapes, depth: depth)) }
            if !slotsInKeptValues.isEmpty, reentryShapes.chance(30) {
                steps.append(laterShape(from: \.reentryShapes, depth: depth))
            }
        }
        return steps
    }

    /// The overrides of one update: mostly one or two keys; sometimes five or more, or a key (not the first) set
    /// twice.
    private mutating func overrides() -> [OverrideSpec] {
        var keys = Array((0..<keyCount).filter { _ in random.chance(25) }.prefix(2))
        switch random.below(100) {
        case 0..<10 where keyCount >= 5:
            keys = Array((0..<keyCount).filter { _ in random.chance(50) }.prefix(5 + random.below(3)))
            while keys.count < 5 { keys.append(key()) }
        case 10..<20:
            keys = [key(), key()]
            keys.append(keys[1])
        default:
            break
        }
        return keys.map { OverrideSpec(key: $0, isObject: random.chance(50)) }
    }

    /// One step, of a kind drawn by a percentage; a kind whose condition fails is the next range's.
    private mutating func step(depth: Int, isAsync: Bool) -> Step {
        let nests = depth < 3
        let roll = random.below(100)
        switch roll {
        case 0..<26: return .read(key())
        case 26..<36: return .readReference(key(), index: random.below(2))
        case 36..<41: return .readCaptured(key(), through: key())
        case 41..<44 where nests && keyCount > 8 && random.chance(50):
            // A scope that reads every key (tables fill and grow).
            return .scope(overrides: overrides(), body: (0..<keyCount).map { .read($0) })
        case 41..<44 where nests:
            // A scope that reads in the values it is updating.
            let overrides = overrides()
            let reads = (0..<(1 + random.below(2))).map { _ in key() }
            let body = steps(depth: depth + 1, isAsync: false)
            return .scope(overrides: overrides, readsInUpdate: reads, body: body)
        case 44..<58 where nests:
            let overrides = overrides()
            let context: DependencyContext? = random.chance(15) ? random.element(of: DependencyContext.allCases) : nil
            let inner = isAsync && random.chance(50)
            return .scope(
                overrides: overrides, context: context, isAsync: inner, body: steps(depth: depth + 1, isAsync: inner))
        case 58..<74 where nests && !capturedSlots.isEmpty:
            // Captured values re-entered, on a detached task only from an asynchronous caller; up to 62, a copy of
            // them, changed.
            let executor = random.element(of: isAsync ? Executor.allCases : [.inline, .dispatch, .thread])
            let (slot, changes) = (random.element(of: capturedSlots), roll < 62 ? overrides() : nil)
            let body = steps(depth: depth + 1, isAsync: executor == .detached)
            return .reenter(slot: slot, overrides: changes, executor: executor, body: body)
        case 58..<74: return .capture(slot: newSlot(in: \.capturedSlots, \.capturedSlotsOfTheRoot))
        case 74..<77 where capturedSlotsOfTheRoot.count >= 2 && random.chance(80):
            // First reads racing across scopes, of a default that waits for the second reader when it can.
            let waiting = keys.indices.filter { keys[$0].waitsForASecondReader }
            let key = !waiting.isEmpty && random.chance(70) ? random.element(of: waiting) : key()
            let slots = (0..<(2 + random.below(2))).map { _ in random.element(of: capturedSlotsOfTheRoot) }
            return .raceAcross(key: key, slots: slots)
        case 74..<77: return .read(key(), threads: 2 + random.below(4))
        case 77..<80 where !keptSlots.isEmpty && random.chance(50): return readKept(random.element(of: keptSlots))
        case 77..<80: return .keep(slot: newSlot(in: \.keptSlots), key: key())
        case 80..<92 where !holderSlots.isEmpty && random.chance(60):
            let (raced, slot) = (random.chance(25), random.element(of: holderSlots))
            return .readHolder(slot: slot, key: key(), threads: raced ? 2 + random.below(4) : 1)
        case 80..<92: return .makeHolder(slot: newSlot(in: \.holderSlots), byKeyPath: random.chance(50))
        case 92..<100 where nests: return .rootValues(body: steps(depth: depth + 1, isAsync: false))
        default: return .read(key())
        }
    }

    /// A step of the shapes drawn from `stream` in place of ``random``; the steps around it keep their slots and
    /// budget. From ``laterShapes``: a scope made inside the values that a default keeps
    /// (`withDependencies(owner.values) { … }`), whose inside no later step drawn from ``random`` sees. From
    /// ``reentryShapes``: a re-entry of values captured inside such a scope, on this thread or another one: once the
    /// root they read in ended (in a later root of the program), reads there find what that scope built.
    private mutating func laterShape(from stream: WritableKeyPath<ProgramGenerator, SplitMix64>, depth: Int) -> Step {
        (self[keyPath: stream], random) = (random, self[keyPath: stream])
        let saved = (budget, capturedSlots, capturedSlotsOfTheRoot, holderSlots, keptSlots)
        drawingLaterShapes = true
        defer {
            (budget, capturedSlots, capturedSlotsOfTheRoot, holderSlots, keptSlots) = saved
            drawingLaterShapes = false
            (self[keyPath: stream], random) = (random, self[keyPath: stream])
        }
        if stream == \.reentryShapes {
            let slot = random.element(of: slotsInKeptValues)
            let executor = random.element(of: [.inline, .inline, .thread] as [Executor])
            budget = 1 + random.below(4)
            return .reenter(slot: slot, executor: executor, body: steps(depth: depth + 1, isAsync: false))
        }
        let keeping = keys.indices.filter { keys[$0].capturesCurrent && !keys[$0].isOwner }
        let key = keeping.isEmpty || random.chance(10) ? key() : random.element(of: keeping)
        budget = 1 + random.below(5)
        let (captured, overrides) = (capturedSlots.count, overrides())
        let body = steps(depth: depth + 1, isAsync: false)
        slotsInKeptValues += capturedSlots.dropFirst(captured)
        return .scopeInKeptValues(key, overrides: overrides, body: body)
    }

    /// A new slot, noted in `lists`.
    mutating func newSlot(in lists: WritableKeyPath<ProgramGenerator, [Int]>...) -> Int {
        nextSlot += 1
        for list in lists { self[keyPath: list].append(nextSlot) }
        return nextSlot
    }

    private mutating func key() -> Int { random.below(keyCount) }

    /// A read of the object kept in `slot`, from one thread or several.
    private mutating func readKept(_ slot: Int) -> Step {
        .readKept(slot: slot, index: random.below(2), threads: 1 + random.below(4))
    }
}

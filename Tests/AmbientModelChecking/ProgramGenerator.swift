import Ambient

/// Builds a random program from a seed: its keys' defaults, then its roots and their steps.
struct ProgramGenerator {
    private var random: SplitMix64
    private let defaultsMayKeepTheirScope: Bool
    private var keyCount = 0
    private var nextSlot = 0
    private var capturedSlots: [Int] = []
    private var holderSlots: [Int] = []
    private var budget = 0

    init(seed: UInt64, defaultsMayKeepTheirScope: Bool) {
        random = SplitMix64(seed: seed)
        self.defaultsMayKeepTheirScope = defaultsMayKeepTheirScope
    }

    mutating func program() -> Program {
        keyCount = 4 + random.below(ModelKeys.count - 3)
        let keys = behaviors()
        var roots: [RootRun] = []
        for _ in 0..<(1 + random.below(2)) {
            budget = 14 + random.below(14)
            let context = random.element(of: [.testing, .testing, .default, .preview] as [DependencyContext])
            roots.append(RootRun(context: context, body: steps(depth: 0, isAsync: true)))
        }
        return Program(keys: keys, roots: roots)
    }

    // MARK: Keys

    private mutating func behaviors() -> [KeyBehavior] {
        var keys = (0..<keyCount).map { index in
            var key = KeyBehavior()
            key.shape = random.chance(45) ? .object : .value
            key.reads = (0..<index).filter { _ in random.chance(30) }
            return key
        }
        for index in keys.indices {
            // Without the patterns of issue 20 §1, a default holds only keys of lower index: no value can then
            // reach itself through what it holds.
            let targets = defaultsMayKeepTheirScope ? Array(0..<keyCount) : Array(0..<index)
            if random.chance(20), defaultsMayKeepTheirScope {
                let held = random.chance(50) ? index : random.element(of: targets)
                keys[index].shape = .owner(holding: held)
                if Self.isCyclic(keys) { keys[index].shape = .owner(holding: index) }
                continue
            }
            for _ in 0..<random.below(3) where !targets.isEmpty {
                let target = random.chance(35) && defaultsMayKeepTheirScope ? index : random.element(of: targets)
                keys[index].references.append(.init(key: target, byKeyPath: random.chance(50)))
                if Self.isCyclic(keys) { keys[index].references.removeLast() }
            }
            keys[index].capturesCurrent = defaultsMayKeepTheirScope && random.chance(20)
        }
        return keys
    }

    /// Whether some default would read itself while it is still being made: from what it reads before its value
    /// exists, through anything those keys read, back to itself. Such a program stops the process.
    static func isCyclic(_ keys: [KeyBehavior]) -> Bool {
        keys.indices.contains { start in
            var seen: Set<Int> = []
            var next = keys[start].reads
            while let key = next.popLast() {
                if key == start { return true }
                guard seen.insert(key).inserted else { continue }
                next += keys[key].reads + keys[key].laterReads
            }
            return false
        }
    }

    // MARK: Steps

    private mutating func steps(depth: Int, isAsync: Bool) -> [Step] {
        var steps: [Step] = []
        for _ in 0..<(1 + random.below(4)) where budget > 0 {
            budget -= 1
            steps.append(step(depth: depth, isAsync: isAsync))
        }
        return steps
    }

    private mutating func step(depth: Int, isAsync: Bool) -> Step {
        let nests = depth < 3
        switch random.below(100) {
        case 0..<26:
            return .read(key())
        case 26..<36:
            return .readReference(key(), index: random.below(2))
        case 36..<41:
            return .readCaptured(key(), through: key())
        case 41..<58 where nests:
            let overrides = (0..<keyCount).filter { _ in random.chance(25) }.prefix(2)
                .map { OverrideSpec(key: $0, isObject: random.chance(50)) }
            let context: DependencyContext? = random.chance(15) ? random.element(of: DependencyContext.allCases) : nil
            let scopeIsAsync = isAsync && random.chance(50)
            let body = steps(depth: depth + 1, isAsync: scopeIsAsync)
            return .scope(overrides: Array(overrides), context: context, isAsync: scopeIsAsync, body: body)
        case 58..<74 where nests && !capturedSlots.isEmpty:
            let executors = isAsync ? Executor.allCases : [.inline, .dispatch, .thread]
            let executor = random.element(of: executors)
            let slot = random.element(of: capturedSlots)
            return .reenter(
                slot: slot, executor: executor, body: steps(depth: depth + 1, isAsync: executor == .detached))
        case 58..<74:
            nextSlot += 1
            capturedSlots.append(nextSlot)
            return .capture(slot: nextSlot)
        case 74..<80:
            return .race(key(), threads: 2 + random.below(4))
        case 80..<92 where !holderSlots.isEmpty && random.chance(60):
            return .readHolder(slot: random.element(of: holderSlots), key: key())
        case 80..<92:
            nextSlot += 1
            holderSlots.append(nextSlot)
            return .makeHolder(slot: nextSlot, byKeyPath: random.chance(50))
        case 92..<100 where nests:
            return .rootValues(body: steps(depth: depth + 1, isAsync: false))
        default:
            return .read(key())
        }
    }

    private mutating func key() -> Int {
        random.below(keyCount)
    }
}

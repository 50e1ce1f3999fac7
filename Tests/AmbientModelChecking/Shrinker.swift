/// Makes a failing program smaller while it still fails the same way: fewer roots, steps, overrides and reads, and
/// keys that do less (a plain struct, no work, no race, no conditional read).
struct Shrinker {
    /// The most candidates to run.
    let attempts: Int
    /// Whether a candidate still fails the same way.
    let stillFails: (Program) async -> Bool

    /// Takes the first candidate that still fails, again and again, until none does or the attempts ran out.
    func shrink(_ program: Program) async -> Program {
        var current = program
        var untried = Self.candidates(of: program)[...]
        for _ in 0..<attempts {
            guard let candidate = untried.popFirst() else { break }
            if await stillFails(candidate) {
                current = candidate
                untried = Self.candidates(of: candidate)[...]
            }
        }
        return current
    }

    /// Programs one change smaller than `program`, the largest cuts first.
    static func candidates(of program: Program) -> [Program] {
        func changing<T>(_ part: WritableKeyPath<Program, T>, to values: [T]) -> [Program] {
            values.map { value in copy(of: program) { $0[keyPath: part] = value } }
        }
        let roots = program.roots.indices
        return changing(\.roots, to: roots.count < 2 ? [] : roots.map { program.roots.removing(at: $0) })
            + roots.flatMap { changing(\.roots[$0].body, to: variants(of: program.roots[$0].body)) }
            + program.keys.indices.flatMap { changing(\.keys[$0], to: variants(of: program.keys[$0])) }
    }

    /// The biggest step first: a plain struct that reads nothing, then one part of the behavior less at a time.
    private static func variants(of key: KeyBehavior) -> [KeyBehavior] {
        func with(_ change: (inout KeyBehavior) -> Void) -> KeyBehavior { copy(of: key, changing: change) }
        func removals<T>(_ list: WritableKeyPath<KeyBehavior, [T]>) -> [KeyBehavior] {
            key[keyPath: list].indices.map { index in with { $0[keyPath: list].remove(at: index) } }
        }
        var variants = [KeyBehavior(), with { $0.work = nil }, with { $0.scopedRead = nil }]
        variants += (key.work?.reads.indices ?? 0..<0).map { index in with { $0.work?.reads.remove(at: index) } }
        variants += removals(\.conditionalReads) + [with { $0.waitsForASecondReader = false }]
        if case .ownerSubclass(_, let own) = key.shape { variants.append(with { $0.shape = .owner(holding: own) }) }
        if case .owner = key.shape { variants.append(with { $0.shape = .object }) }
        variants += removals(\.reads) + removals(\.references) + [with { $0.capturesCurrent = false }]
        return variants.filter { $0 != key }
    }

    /// `value` with `change` made to it.
    private static func copy<T>(of value: T, changing change: (inout T) -> Void) -> T {
        var copy = value
        change(&copy)
        return copy
    }

    /// Step lists one change smaller than `steps`: a step removed, or one step smaller.
    static func variants(of steps: [Step]) -> [[Step]] {
        steps.indices.flatMap { index in
            ([[]] + smaller(steps[index])).map { steps.removing(at: index, inserting: $0) }
        }
    }

    /// What may take the place of `step`, one change smaller: the steps it nests, inlined; it with an override less,
    /// or one of the steps it nests smaller; with no context, synchronous, inline, on two threads, or with no property
    /// read.
    private static func smaller(_ step: Step) -> [[Step]] {
        func nesting(
            _ overrides: [OverrideSpec], _ body: [Step], inlined: [Step]? = nil,
            _ make: ([OverrideSpec], [Step]) -> Step
        ) -> [[Step]] {
            [inlined ?? body] + overrides.indices.map { [make(overrides.removing(at: $0), body)] }
                + variants(of: body).map { [make(overrides, $0)] }
        }
        let smaller: [[Step]] =
            switch step {
            case .scope(let overrides, let context, let isAsync, let reads, let body):
                nesting(overrides, body) {
                    .scope(overrides: $0, context: context, isAsync: isAsync, readsInUpdate: reads, body: $1)
                } + [[.scope(overrides: overrides, readsInUpdate: reads, body: body)]]
            case .reenter(let slot, let overrides, let executor, let body):
                nesting(overrides ?? [], body) {
                    .reenter(slot: slot, overrides: overrides == nil ? nil : $0, executor: executor, body: $1)
                } + [[.reenter(slot: slot, overrides: overrides, executor: .inline, body: body)]]
            case .rootValues(let body): nesting([], body) { .rootValues(body: $1) }
            case .scopeInKeptValues(let key, let overrides, let body):
                // Inlined, a scope made inside kept values still reads the key whose values they are.
                nesting(overrides, body, inlined: [.read(key)] + body) {
                    .scopeInKeptValues(key, overrides: $0, body: $1)
                }
            case .read(let key, let threads) where threads > 2: [[.read(key, threads: 2)]]
            case .readReference(let key, _), .readCaptured(let key, _): [[.read(key)]]
            default: []
            }
        // A scope that is already synchronous with no context, or a re-entry already inline, is not one smaller.
        return smaller.filter { $0 != [step] }
    }
}

extension Array {
    /// The array without the element at `index`, with `replacement` in its place.
    func removing(at index: Int, inserting replacement: [Element] = []) -> [Element] {
        Array(self[..<index]) + replacement + Array(self[(index + 1)...])
    }
}

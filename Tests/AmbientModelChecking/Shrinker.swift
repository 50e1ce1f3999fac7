/// Makes a failing program smaller while it still fails the same way: fewer roots, steps, overrides and reads, and
/// keys that do less (a plain struct, no work, no race, no conditional read).
struct Shrinker {
    /// The most candidates to run.
    let attempts: Int
    /// Whether a candidate still fails the same way.
    let stillFails: (Program) async -> Bool

    func shrink(_ program: Program) async -> Program {
        var current = program
        var tried = 0
        var improved = true
        while improved, tried < attempts {
            improved = false
            for candidate in Self.candidates(of: current) where tried < attempts {
                tried += 1
                if await stillFails(candidate) {
                    current = candidate
                    improved = true
                    break
                }
            }
        }
        return current
    }

    /// Programs one change smaller than `program`, the largest cuts first.
    static func candidates(of program: Program) -> [Program] {
        func changing<T>(_ part: WritableKeyPath<Program, T>, to values: [T]) -> [Program] {
            values.map { value in
                var changed = program
                changed[keyPath: part] = value
                return changed
            }
        }
        let roots = program.roots.indices
        var result = changing(\.roots, to: roots.count < 2 ? [] : roots.map { program.roots.removing(at: $0) })
        for index in roots {
            result += changing(\.roots[index].body, to: variants(of: program.roots[index].body))
        }
        for index in program.keys.indices {
            result += changing(\.keys[index], to: variants(of: program.keys[index]))
        }
        return result
    }

    private static func variants(of key: KeyBehavior) -> [KeyBehavior] {
        // The biggest step first: a plain struct that reads nothing, then one part of the behavior less at a time.
        var result: [KeyBehavior] = key == KeyBehavior() ? [] : [KeyBehavior()]
        func changed(_ change: (inout KeyBehavior) -> Void) {
            var simpler = key
            change(&simpler)
            if simpler != key { result.append(simpler) }
        }
        changed { $0.work = nil }
        changed { $0.scopedRead = nil }
        for index in key.work?.reads.indices ?? 0..<0 { changed { $0.work?.reads.remove(at: index) } }
        for index in key.conditionalReads.indices { changed { $0.conditionalReads.remove(at: index) } }
        changed { $0.waitsForASecondReader = false }
        switch key.shape {
        case .ownerSubclass(_, let own): changed { $0.shape = .owner(holding: own) }
        case .owner: changed { $0.shape = .object }
        case .value, .object: break
        }
        for index in key.reads.indices { changed { $0.reads.remove(at: index) } }
        for index in key.references.indices { changed { $0.references.remove(at: index) } }
        changed { $0.capturesCurrent = false }
        return result
    }

    /// Step lists one change smaller than `steps`: a step removed, a nesting inlined, an override, a context, an
    /// executor, threads or a property read less, or the same inside a nested body.
    static func variants(of steps: [Step]) -> [[Step]] {
        var result: [[Step]] = []
        for (index, step) in steps.enumerated() {
            func replacing(with replacement: [Step]) {
                result.append(steps.removing(at: index, inserting: replacement))
            }
            replacing(with: [])
            if var inlined = step.body {
                // A scope made inside kept values still reads the key whose values they are.
                if case .scopeInKeptValues(let key, _, _) = step { inlined.insert(.read(key), at: 0) }
                replacing(with: inlined)
            }
            for removed in step.overrides?.indices ?? 0..<0 {
                var fewer = step.overrides ?? []
                fewer.remove(at: removed)
                replacing(with: [step.with(overrides: fewer)])
            }
            switch step {
            case .scope(let overrides, let context, let isAsync, let body):
                if context != nil {
                    replacing(with: [.scope(overrides: overrides, context: nil, isAsync: isAsync, body: body)])
                }
                if isAsync {
                    replacing(with: [.scope(overrides: overrides, context: context, isAsync: false, body: body)])
                }
            case .reenter(let slot, let executor, let body) where executor != .inline:
                replacing(with: [.reenter(slot: slot, executor: .inline, body: body)])
            case .reenterChanged(let slot, let overrides, let executor, let body) where executor != .inline:
                replacing(with: [.reenterChanged(slot: slot, overrides: overrides, executor: .inline, body: body)])
            case .race(let key, let threads) where threads > 2:
                replacing(with: [.race(key, threads: 2)])
            case .readReference(let key, _), .readCaptured(let key, _):
                replacing(with: [.read(key)])
            default:
                break
            }
            for smaller in step.body.map(variants) ?? [] {
                replacing(with: [step.with(body: smaller)])
            }
        }
        return result
    }
}

extension Array {
    /// The array without the element at `index`, with `replacement` in its place.
    func removing(at index: Int, inserting replacement: [Element] = []) -> [Element] {
        Array(self[..<index]) + replacement + Array(self[(index + 1)...])
    }
}

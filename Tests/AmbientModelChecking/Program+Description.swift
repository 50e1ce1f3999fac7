import Ambient

extension Program: CustomStringConvertible {
    /// The program as a readable list of steps, one a line, nested steps indented.
    var description: String {
        var lines = ["keys:"]
        for (index, key) in keys.enumerated() {
            lines.append("  k\(index): \(key)")
        }
        for (index, root) in roots.enumerated() {
            lines.append("root \(index + 1), fresh, \(root.context):")
            Step.describe(root.body, indent: "  ", into: &lines)
        }
        return lines.joined(separator: "\n")
    }
}

extension KeyBehavior: CustomStringConvertible {
    var description: String {
        var parts: [String] =
            switch shape {
            case .value: ["struct"]
            case .object: ["class"]
            case .owner(let held): ["DependencyOwner with @Dependency(\\.k\(held))"]
            case .ownerSubclass(let inherited, let own):
                ["subclass with @Dependency(K\(own).self) of a DependencyOwner with @Dependency(\\.k\(inherited))"]
            }
        if !reads.isEmpty { parts.append("reads " + reads.map { "k\($0)" }.joined(separator: ", ") + " while created") }
        parts += references.map { $0.byKeyPath ? "@Dependency(\\.k\($0.key))" : "@Dependency(K\($0.key).self)" }
        if capturesCurrent { parts.append("keeps DependencyValues.current") }
        if let scopedRead {
            parts.append(
                "then reads k\(scopedRead.reads) in withDependencies { k\(scopedRead.overriding) = new struct }")
        }
        if waitsForASecondReader { parts.append("in a race, waits for a second reader") }
        parts += conditionalReads.map { "reads k\($0.then) while created when k\($0.when) is overridden" }
        if let work {
            let reads = work.reads.map { "k\($0)" }.joined(separator: ", ")
            let started: [KeyBehavior.Work.Kind: String] = [
                .task: "init starts Task { [weak self] } reading \(reads)",
                .dispatch: "init waits for a Dispatch block reading \(reads) in its values",
                .taskDuringCreation: "init waits for a Task { } reading \(reads)",
            ]
            parts.append(started[work.kind]!)
        }
        return parts.joined(separator: "; ")
    }
}

extension Step {
    static func describe(_ steps: [Step], indent: String, into lines: inout [String]) {
        for step in steps {
            lines.append(indent + step.line)
            if let body = step.body { describe(body, indent: indent + "  ", into: &lines) }
        }
    }

    /// The step in one line, without the steps it nests.
    var line: String {
        let sets = (overrides ?? []).map { "k\($0.key) = new \($0.isObject ? "class" : "struct")" }
        switch self {
        case .read(let key): return "read k\(key)"
        case .readReference(let key, let index): return "read k\(key), then its @Dependency #\(index)"
        case .readCaptured(let key, let through):
            return "read k\(key), then k\(through) through the values it keeps, and its @Dependency #0"
        case .scope(_, let context, let isAsync, _):
            let all = sets + (context.map { ["context = .\($0.id)"] } ?? [])
            return "\(isAsync ? "await withDependencies" : "withDependencies") { \(all.joined(separator: ", ")) }:"
        case .capture(let slot): return "v\(slot) = DependencyValues.current"
        case .reenter(let slot, let executor, _): return "withDependencies(v\(slot)) on \(executor):"
        case .race(let key, let threads): return "read k\(key) on \(threads) threads at once"
        case .makeHolder(let slot, let byKeyPath):
            return "h\(slot) = object with @Dependency on every key (\(byKeyPath ? "key paths" : "types"))"
        case .readHolder(let slot, let key): return "read k\(key) through h\(slot)"
        case .rootValues: return "withDependencies(DependencyValues()):"
        case .keep(let slot, let key): return "o\(slot) = read k\(key)"
        case .readKept(let slot, let index, let threads):
            return "read o\(slot)'s @Dependency #\(index) on \(threads) thread(s) at once"
        case .raceAcross(let key, let slots):
            return "read k\(key) in " + slots.map { "v\($0)" }.joined(separator: ", ") + " at once"
        case .raceHolder(let slot, let key, let threads):
            return "read k\(key) through h\(slot) on \(threads) threads at once"
        case .reenterChanged(let slot, _, let executor, _):
            return "var copy = v\(slot); \(sets.joined(separator: "; ")); withDependencies(copy) on \(executor):"
        case .scopeReadingInUpdate(_, let reads, _):
            let all = sets.map { "$0." + $0 } + reads.map { "read $0.k\($0)" }
            return "withDependencies { \(all.joined(separator: "; ")) }:"
        case .scopeInKeptValues(let key, _, _):
            return "withDependencies(values that k\(key)'s value keeps) { \(sets.joined(separator: ", ")) }:"
        }
    }
}

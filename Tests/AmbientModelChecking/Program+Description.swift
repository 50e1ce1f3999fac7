import Ambient

extension Program: CustomStringConvertible {
    /// The program as a readable list of steps, one a line, nested steps indented.
    var description: String {
        let keyLines = keys.enumerated().map { "  k\($0): \($1)" }
        let rootLines = roots.enumerated().flatMap { index, root in
            ["root \(index + 1), fresh, \(root.context):"] + Step.lines(of: root.body, indent: "  ")
        }
        return (["keys:"] + keyLines + rootLines).joined(separator: "\n")
    }
}

extension KeyBehavior: CustomStringConvertible {
    var description: String {
        let shape =
            switch shape {
            case .value: "struct"
            case .object: "class"
            case .owner(let held): "DependencyOwner with @Dependency(\\.k\(held))"
            case .ownerSubclass(let inherited, let own):
                "subclass with @Dependency(K\(own).self) of a DependencyOwner with @Dependency(\\.k\(inherited))"
            }
        let workReads = work?.reads.map { "k\($0)" }.joined(separator: ", ") ?? ""
        let started: String? =
            switch work?.kind {
            case .task: "init starts Task { [weak self] } reading \(workReads)"
            case .dispatch: "init waits for a Dispatch block reading \(workReads) in its values"
            case .taskDuringCreation: "init waits for a Task { } reading \(workReads)"
            case nil: nil
            }
        let parts: [String?] =
            [shape, reads.isEmpty ? nil : "reads " + reads.map { "k\($0)" }.joined(separator: ", ") + " while created"]
            + references.map { $0.byKeyPath ? "@Dependency(\\.k\($0.key))" : "@Dependency(K\($0.key).self)" }
            + [capturesCurrent ? "keeps DependencyValues.current" : nil]
            + [scopedRead.map { "then reads k\($0.reads) in withDependencies { k\($0.overriding) = new struct }" }]
            + [waitsForASecondReader ? "in a race, waits for a second reader" : nil]
            + conditionalReads.map { "reads k\($0.then) while created when k\($0.when) is overridden" } + [started]
        return parts.compactMap { $0 }.joined(separator: "; ")
    }
}

extension Step {
    /// `steps`, one a line, and the steps each nests below it, indented.
    static func lines(of steps: [Step], indent: String) -> [String] {
        steps.flatMap { [indent + $0.line] + lines(of: $0.body ?? [], indent: indent + "  ") }
    }

    /// The step in one line, without the steps it nests.
    var line: String {
        let sets = (overrides ?? []).map { "k\($0.key) = new \($0.isObject ? "class" : "struct")" }
        return switch self {
        case .read(let key, 1): "read k\(key)"
        case .read(let key, let threads): "read k\(key) on \(threads) threads at once"
        case .readReference(let key, let index): "read k\(key), then its @Dependency #\(index)"
        case .readCaptured(let key, let through):
            "read k\(key), then k\(through) through the values it keeps, and its @Dependency #0"
        case .scope(_, let context, let isAsync, [], _):
            "\(isAsync ? "await withDependencies" : "withDependencies") { "
                + (sets + (context.map { ["context = .\($0.id)"] } ?? [])).joined(separator: ", ") + " }:"
        case .scope(_, _, _, let reads, _):
            "withDependencies { " + (sets.map { "$0." + $0 } + reads.map { "read $0.k\($0)" }).joined(separator: "; ")
                + " }:"
        case .capture(let slot): "v\(slot) = DependencyValues.current"
        case .reenter(let slot, nil, let executor, _): "withDependencies(v\(slot)) on \(executor):"
        case .reenter(let slot, _, let executor, _):
            "var copy = v\(slot); \(sets.joined(separator: "; ")); withDependencies(copy) on \(executor):"
        case .makeHolder(let slot, let byKeyPath):
            "h\(slot) = object with @Dependency on every key (\(byKeyPath ? "key paths" : "types"))"
        case .readHolder(let slot, let key, 1): "read k\(key) through h\(slot)"
        case .readHolder(let slot, let key, let threads): "read k\(key) through h\(slot) on \(threads) threads at once"
        case .rootValues: "withDependencies(DependencyValues()):"
        case .keep(let slot, let key): "o\(slot) = read k\(key)"
        case .readKept(let slot, let index, let threads):
            "read o\(slot)'s @Dependency #\(index) on \(threads) thread(s) at once"
        case .raceAcross(let key, let slots):
            "read k\(key) in " + slots.map { "v\($0)" }.joined(separator: ", ") + " at once"
        case .scopeInKeptValues(let key, _, _):
            "withDependencies(values that k\(key)'s value keeps) { \(sets.joined(separator: ", ")) }:"
        }
    }
}

import Ambient

/// The rules of the Semantics article for the keys of one program, the slow and obvious way: plain dictionaries, one
/// thread, no caches but the ones the rules name.
///
/// It has two modes. With `contract`, the rules of the article's "Deciding collisions" ("Lazy is lazy", "Only a real
/// cycle stops the process", "Bookkeeping ends with the creation", "One instance per key per scope", "Freeing never
/// splits an instance"):
///
/// - A root caches, per context, one instance of each key's default, made on its first read there.
/// - A default is made from the values of the scope that reads it. What its creation reads before its value exists
///   (directly, and what the defaults it reads read) are its *reads*, and so is the key of each of its
///   `@Dependency` properties, with what that key is known to read; a property's value is never made by the
///   creation. Reads of the work the creation starts (a `Task`, a Dispatch block) are not its reads. A key's reads
///   in a root and context are the union of what every creation of it read.
/// - Every scope (and the root) keeps what it handed out: once a read in a scope returned an instance of a key,
///   every later read of that key there — directly, through an object created there (a `@Dependency`, values kept
///   from `DependencyValues.current`), on any thread, after the scope ended too — returns it.
/// - A first read in a scope gets the instance of the innermost scope that overrides one of the key's reads (the
///   root's when none does), made once for that scope when it has none.
/// - Only a creation that reads its own key before its value exists is a cycle.
///
/// Without `contract` it is the model of today's core (commit 1254682), which the default batch runs until the core
/// keeps the contract: a creation reads its `@Dependency` properties once its value exists (so they are made, and
/// defaults that hold each other wait for each other), and a `@Dependency` or kept values read after their scope
/// ended rebuild and cache defaults themselves (a *snapshot* of the values), while a scope's instance moves inward
/// when a key's reads grow.
///
/// The model is driven step by step by the interpreter, before each real read, and says which instance (by serial
/// number) the read must return and how many times each default must have been created.
final class ReferenceModel: @unchecked Sendable {
    // Safe: used by one thread at a time. The interpreter waits for every thread and task it starts before it goes
    // on, and predicts a race's read once, before its threads start.

    /// A root: one cache per context of each key's instance, and what its creations read.
    final class Root {
        let context: DependencyContext
        var infos: [DependencyContext: [Int: KeyInfo]] = [:]
        init(context: DependencyContext) { self.context = context }
    }

    /// What a root knows about a key in one context.
    final class KeyInfo {
        var reads: Set<Int>
        var instance: Int?
        init(reads: Set<Int>) { self.reads = reads }
    }

    /// One set of values: a scope's own overrides on top of its parent's, or a snapshot of a scope's values.
    final class Node: @unchecked Sendable {
        // Safe: as the model's; the interpreter hands a node to the thread or task it starts, and waits for it.
        let root: Root
        let parent: Node?
        let overrides: [Int: Int]
        let context: DependencyContext
        /// For a snapshot, the scope whose values it has; `nil` for a scope.
        let snapshotted: Node?
        /// Defaults rebuilt for this scope (or snapshot), per context: serial and reads of their creation.
        var rebuilt: [DependencyContext: [Int: (serial: Int, reads: Set<Int>)]] = [:]
        /// With the contract, the instance of each key a read in these values returned, per context: what every
        /// later read here returns.
        var handedOut: [DependencyContext: [Int: Int]] = [:]

        init(root: Root, parent: Node?, overrides: [Int: Int], context: DependencyContext, snapshotted: Node? = nil) {
            self.root = root
            self.parent = parent
            self.overrides = overrides
            self.context = context
            self.snapshotted = snapshotted
        }

        /// A snapshot of these values: what a default created from them reads, and keeps.
        func snapshot() -> Node {
            Node(root: root, parent: nil, overrides: [:], context: context, snapshotted: snapshotted ?? self)
        }

        /// The innermost override of `key` visible here.
        func override(of key: Int) -> Int? {
            if let snapshotted { return snapshotted.override(of: key) }
            return overrides[key] ?? parent?.override(of: key)
        }

        /// The innermost scope, this one or an enclosing one, that overrides one of `keys`.
        func innermostOverriding(_ keys: Set<Int>) -> Node? {
            if let snapshotted { return snapshotted.innermostOverriding(keys) }
            if overrides.keys.contains(where: keys.contains) { return self }
            return parent?.innermostOverriding(keys)
        }

        /// Whether this scope is `node` or encloses it.
        func encloses(_ node: Node) -> Bool {
            node === self || node.parent.map(encloses) == true
        }
    }

    /// A default's instance: its key, the values it was made from (a snapshot, without the contract) and what its
    /// creation read.
    private struct Instance {
        let key: Int
        let node: Node
        var reads: Set<Int> = []
    }

    /// A creation under way: its key, context and root, its serial once the value exists, and the creation around
    /// it.
    private final class Creation {
        let key: Int
        let context: DependencyContext
        let root: Root
        let parent: Creation?
        var serial: Int?
        /// The outermost creation around this one whose value this one read before that value's reads were known
        /// (defaults that hold each other): this one is placed only after it, with its reads added.
        var awaited: Creation?
        /// The creations that wait for this one's reads, in the order they finished.
        var deferred: [(Set<Int>) -> Void] = []

        init(key: Int, context: DependencyContext, root: Root, parent: Creation?) {
            self.key = key
            self.context = context
            self.root = root
            self.parent = parent
        }

        func isNested(in outer: Creation) -> Bool {
            self === outer || parent?.isNested(in: outer) == true
        }
    }

    private let keys: [KeyBehavior]
    /// Whether the model keeps the rules of the Semantics article's "Deciding collisions", or models today's core.
    let contract: Bool
    /// How many times each key's default was created.
    private(set) var creations = Array(repeating: 0, count: ModelKeys.count)
    private var lastSerial = 0
    private var instances: [Int: Instance] = [:]
    /// Creations not placed yet, and the innermost one running.
    private var pending: [Creation] = []
    private var top: Creation?
    /// Whether a read needed a default that was still being made: a cycle, which the real program must not run.
    private(set) var reachedCycle = false
    /// The scopes whose values the program holds (entered, kept, or held by an object it keeps), with how often.
    private var held: [ObjectIdentifier: (node: Node, count: Int)] = [:]

    /// What the `Task`s that defaults started must read once the program lets them, in the order they started:
    /// the default's serial, the values it was made from and the keys.
    private(set) var startedWork: [(serial: Int, node: Node, reads: [Int])] = []
    /// What the Dispatch blocks of creations read, in the order they ran: the default's serial and the serials.
    private(set) var dispatchedReads: [(serial: Int, reads: [Int])] = []

    init(keys: [KeyBehavior], contract: Bool) {
        self.keys = keys
        self.contract = contract
    }

    // MARK: Values

    /// The values of a fresh root in `context`.
    func freshRoot(context: DependencyContext) -> Node {
        Node(root: Root(context: context), parent: nil, overrides: [:], context: context)
    }

    /// The values of a scope inside `node` that sets `overrides` (serial by key) and maybe a context.
    func scope(in node: Node, overrides: [Int: Int], context: DependencyContext?) -> Node {
        let context = context ?? node.context
        if overrides.isEmpty, context == node.context { return node }
        return Node(root: node.root, parent: node, overrides: overrides, context: context)
    }

    /// `DependencyValues()` made in `node`: no overrides, on the same root, in the root's context.
    func rootValues(of node: Node) -> Node {
        Node(root: node.root, parent: nil, overrides: [:], context: node.root.context)
    }

    /// Notes that the program holds `node`'s values (until ``release(_:)``): it and its enclosing scopes live.
    func hold(_ node: Node) {
        held[ObjectIdentifier(node), default: (node, 0)].count += 1
    }

    func release(_ node: Node) {
        let id = ObjectIdentifier(node)
        held[id]?.count -= 1
        if held[id]?.count == 0 { held[id] = nil }
    }

    /// Whether the program still holds values of `scope` or of a scope inside it.
    private func isAlive(_ scope: Node) -> Bool {
        held.values.contains { scope.encloses($0.node) }
    }

    /// Where a default of `reads` read in `node` is cached: `nil` for the root, else the innermost scope that
    /// overrides one of `reads`, or for a snapshot whose such scope is gone, the snapshot itself.
    private func cache(for reads: Set<Int>, in node: Node) -> Node? {
        guard let owner = node.innermostOverriding(reads) else { return nil }
        if node.snapshotted != nil, !isAlive(owner) { return node }
        return owner
    }

    // MARK: Reads

    /// The serial of the instance a read of `key` in `node` returns.
    func read(_ key: Int, in node: Node) -> Int {
        contract ? resolveKeepingTheContract(key, in: node).serial : resolve(key, in: node).serial
    }

    /// The serial that the `index`th `@Dependency` property of the default of serial `serial` returns; `nil` when it
    /// has no such property (or is an override).
    func readReference(ofInstance serial: Int, index: Int) -> Int? {
        guard let instance = instances[serial] else { return nil }
        let references = keys[instance.key].laterReads
        guard references.indices.contains(index) else { return nil }
        return read(references[index], in: instance.node)
    }

    /// Takes the work started since the last call, for the program to let it run: what each must read, predicted.
    func takeStartedWork() -> [(serial: Int, reads: [Int])] {
        let work = startedWork
        startedWork = []
        return work.map { started in (started.serial, started.reads.map { read($0, in: started.node) }) }
    }

    /// With the contract, how many of the program's defaults stay alive once it dropped every value: the values
    /// that hold each other through `@Dependency` properties (Semantics: "Freeing never splits an instance"), and
    /// what they hold, overrides included. A property holds the instance a read of it would return now; a value
    /// never holds itself.
    func survivors() -> Int {
        guard contract else { return 0 }
        var edges: [Int: [Int]] = [:]
        for (serial, instance) in instances {
            edges[serial] = keys[instance.key].laterReads.compactMap { key in
                peek(key, in: instance.node).flatMap { $0 != serial ? $0 : nil }
            }
        }
        func reachable(from start: Int) -> Set<Int> {
            var seen: Set<Int> = []
            var next = edges[start] ?? []
            while let serial = next.popLast() {
                guard seen.insert(serial).inserted else { continue }
                next += edges[serial] ?? []
            }
            return seen
        }
        let reach = Dictionary(uniqueKeysWithValues: edges.keys.map { ($0, reachable(from: $0)) })
        // An instance on a cycle of two or more reaches itself; what it reaches stays alive with it.
        let onCycles = reach.filter { $0.value.contains($0.key) }
        return onCycles.values.reduce(into: Set(onCycles.keys)) { $0.formUnion($1) }.count
    }

    /// The instance a read of `key` in `node` would return now, without making one.
    private func peek(_ key: Int, in node: Node) -> Int? {
        if let serial = node.override(of: key) { return serial }
        let context = node.context
        if let serial = node.handedOut[context]?[key] { return serial }
        guard let info = node.root.infos[context]?[key] else { return nil }
        if let owner = node.innermostOverriding(info.reads) { return owner.handedOut[context]?[key] }
        return info.instance
    }

    /// With the contract, the instances that reads in `node` were handed, by key, in its context.
    func handedOut(in node: Node) -> [Int: Int] {
        node.handedOut[node.context] ?? [:]
    }

    /// The serial that the `index`th `@Dependency` property of the value of `key` in `node` returns; `nil` when
    /// the value has no such property.
    func readReference(_ key: Int, index: Int, in node: Node) -> Int? {
        readReference(ofInstance: read(key, in: node), index: index)
    }

    /// The serial that a read of `through`, in the values kept by the value of `key` in `node`, returns; `nil` when
    /// that value keeps none.
    func readCaptured(_ key: Int, through: Int, in node: Node) -> Int? {
        let serial = read(key, in: node)
        guard let instance = instances[serial], keys[instance.key].capturesCurrent else { return nil }
        if keys[instance.key].isOwner { return nil }
        return read(through, in: instance.node)
    }

    /// Resolves a read: the instance's serial and the keys that the read counts as read, for a creation that made it.
    private func resolve(_ key: Int, in node: Node) -> (serial: Int, reads: Set<Int>) {
        if let serial = node.override(of: key) { return (serial, []) }
        if let found = published(key, in: node) { return found }
        if let creation = pending.last(where: { $0.key == key && $0.context == node.context && $0.root === node.root })
        {
            // Read again once the value exists (the `@Dependency` properties of defaults that hold each other): that
            // value; the creations in between are placed after it, with its reads.
            guard let serial = creation.serial else {
                reachedCycle = true
                return (0, [])
            }
            // The creation that places this value: itself, or the outermost one it waits for (when it is nested in
            // the reader and was read before). Only the creations between the reader and that one wait for it.
            var placer = creation
            while let next = placer.awaited { placer = next }
            var reader = top
            while let current = reader, current !== placer {
                if current.awaited.map(placer.isNested(in:)) != true { current.awaited = placer }
                reader = current.parent
            }
            return (serial, [])
        }
        return create(key, in: node)
    }

    /// Resolves a read with the contract: what `node` handed out, else the instance of the scope the key's reads place
    /// it in, else a new one; and the keys the read counts as read for a creation that made it.
    private func resolveKeepingTheContract(_ key: Int, in node: Node) -> (serial: Int, reads: Set<Int>) {
        if let serial = node.override(of: key) { return (serial, []) }
        let context = node.context
        let info = node.root.infos[context]?[key]
        if let serial = node.handedOut[context]?[key] { return (serial, info?.reads ?? []) }
        if let info {
            let served: Int?
            if let owner = node.innermostOverriding(info.reads) {
                served = owner.handedOut[context]?[key]
            } else {
                served = info.instance
            }
            if let served {
                node.handedOut[context, default: [:]][key] = served
                return (served, info.reads)
            }
        }
        if pending.contains(where: { $0.key == key && $0.context == context && $0.root === node.root }) {
            reachedCycle = true
            return (0, [])
        }
        let created = createKeepingTheContract(key, in: node)
        node.handedOut[context, default: [:]][key] = created.serial
        return created
    }

    /// Makes `key`'s default for a read in `node` with the contract: its reads while created, the keys of its
    /// properties (never their values), the work it starts; and keeps it in the scope its reads place it in.
    private func createKeepingTheContract(_ key: Int, in node: Node) -> (serial: Int, reads: Set<Int>) {
        let (serial, creation) = begin(key, in: node)
        let behavior = keys[key]
        var reads = readsWhileCreated(behavior) { resolveKeepingTheContract($0, in: node) }
        if let work = behavior.work, !reachedCycle {
            switch work.kind {
            case .dispatch, .taskDuringCreation:
                let serials = work.reads.map { resolveKeepingTheContract($0, in: node).serial }
                dispatchedReads.append((serial, serials))
            case .task where behavior.shape == .object:
                startedWork.append((serial, node, work.reads))
            case .task:
                break
            }
        }
        for property in behavior.laterReads {
            reads.insert(property)
            reads.formUnion(node.root.infos[node.context]?[property]?.reads ?? [])
        }
        reads.remove(key)
        pending.removeAll { $0 === creation }
        instances[serial] = Instance(key: key, node: node, reads: reads)
        let context = node.context
        let info = node.root.infos[context, default: [:]][key] ?? KeyInfo(reads: [])
        node.root.infos[context, default: [:]][key] = info
        info.reads.formUnion(reads)
        if let owner = node.innermostOverriding(info.reads) {
            if owner.handedOut[context]?[key] == nil { owner.handedOut[context, default: [:]][key] = serial }
        } else if info.instance == nil {
            info.instance = serial
        }
        return (serial, reads)
    }

    /// Counts and numbers a creation of `key` in `node`, pending until it is placed.
    private func begin(_ key: Int, in node: Node) -> (serial: Int, creation: Creation) {
        creations[key] += 1
        lastSerial += 1
        let creation = Creation(key: key, context: node.context, root: node.root, parent: top)
        pending.append(creation)
        return (lastSerial, creation)
    }

    /// Makes the reads of a creation of `behavior` before its value exists with `resolve` (a read that depends on a
    /// value after the read of that value); the keys they count as read.
    private func readsWhileCreated(
        _ behavior: KeyBehavior, _ resolve: (Int) -> (serial: Int, reads: Set<Int>)
    ) -> Set<Int> {
        var reads: Set<Int> = []
        func readWhileCreated(_ read: Int) -> Int {
            reads.insert(read)
            let resolved = resolve(read)
            reads.formUnion(resolved.reads)
            return resolved.serial
        }
        for read in behavior.reads where !reachedCycle {
            _ = readWhileCreated(read)
        }
        for read in behavior.conditionalReads where !reachedCycle && readWhileCreated(read.when) < 0 {
            guard !reachedCycle else { break }
            _ = readWhileCreated(read.then)
        }
        return reads
    }

    /// The instance that serves a read of `key` in `node`, if it was made.
    private func published(_ key: Int, in node: Node) -> (serial: Int, reads: Set<Int>)? {
        guard let info = node.root.infos[node.context]?[key] else { return nil }
        if let owner = cache(for: info.reads, in: node) {
            return owner.rebuilt[node.context]?[key]
        }
        return info.instance.map { ($0, info.reads) }
    }

    /// Makes `key`'s default for a read in `node`, and keeps it where it belongs.
    private func create(_ key: Int, in node: Node) -> (serial: Int, reads: Set<Int>) {
        let (serial, creation) = begin(key, in: node)
        let behavior = keys[key]
        top = creation
        let snapshot = node.snapshot()
        var reads = readsWhileCreated(behavior) { resolve($0, in: snapshot) }
        creation.serial = serial
        instances[serial] = Instance(key: key, node: snapshot)
        for read in behavior.eagerReads where !reachedCycle {
            reads.insert(read)
            reads.formUnion(resolve(read, in: snapshot).reads)
        }
        top = creation.parent
        reads.remove(key)
        if let awaited = creation.awaited {
            awaited.deferred.append { [self] outerReads in
                _ = place(creation, serial: serial, reads: reads.union(outerReads.subtracting([key])), in: node)
            }
            return (serial, reads)
        }
        return place(creation, serial: serial, reads: reads, in: node)
    }

    /// Keeps a created value where it belongs, given every key its creation read, and then the creations that
    /// waited for its reads.
    private func place(_ creation: Creation, serial: Int, reads: Set<Int>, in node: Node) -> (
        serial: Int, reads: Set<Int>
    ) {
        pending.removeAll { $0 === creation }
        let placed = keep(creation.key, serial: serial, reads: reads, in: node)
        let waiting = creation.deferred
        creation.deferred = []
        for place in waiting { place(reads.union([creation.key])) }
        return placed
    }

    private func keep(_ key: Int, serial: Int, reads: Set<Int>, in node: Node) -> (serial: Int, reads: Set<Int>) {
        let context = node.context
        let info = node.root.infos[context, default: [:]][key] ?? KeyInfo(reads: reads)
        node.root.infos[context, default: [:]][key] = info
        info.reads.formUnion(reads)
        if let owner = cache(for: info.reads, in: node) {
            if let existing = owner.rebuilt[context]?[key] { return (existing.serial, reads) }
            owner.rebuilt[context, default: [:]][key] = (serial, reads)
            return (serial, reads)
        }
        if let existing = info.instance { return (existing, reads) }
        info.instance = serial
        return (serial, reads)
    }
}

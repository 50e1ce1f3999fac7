import Ambient

/// The rules of the Semantics article for the keys of one program, the slow and obvious way: plain dictionaries, one
/// thread, no caches but the ones the rules name.
///
/// It has two modes. With `contract`, the rules of the article's "Deciding collisions" ("Lazy is lazy", "Only a real
/// cycle stops the process", "Bookkeeping ends with the creation", "One instance per key per scope", "Freeing never
/// splits an instance"), with the core's policy where they leave a choice:
///
/// - A root keeps, per context and key, the *reads* of the key's first creation there, for good: what it read
///   before its value existed (directly, and what the defaults it read read) and the keys its `@Dependency`
///   properties name, with what those are known to read — the named key alone when it is overridden, the key and
///   the reads of its first creation, or *any override* when the key was never created or a creation of it is
///   under way around this one (no creation waits for another's: each is placed when it returns). A property's
///   value is never made by the creation, and reads of the work it starts (a `Task`, a Dispatch block) are not its
///   reads. A later creation that reads more changes nothing (the core reports it once).
/// - A read in a scope gets the instance of the innermost scope that overrides one of the key's reads (any override
///   for *any override*), or the root's when none does; made when missing. The first creation is made from the
///   reader's values; every later one from those of the scope it is placed in (or of the root).
/// - A default's snapshot, the values it was made from, holds its root and scopes weakly. It pins a scope's
///   instance of another key that a read through it resolves while the scope lives, and when a scope ends, the
///   scope's instances of the keys its creation read or named, if its default still keeps it. A read through it of
///   an instance whose scope ended returns the pinned one, else one made once for the snapshot — while the
///   snapshot's creation runs, for the snapshot its values descend from, so that one read makes each default once;
///   once its root ended, it reads in the root's heir, one per program, which never ends while the program runs and
///   ends, as a root does, once nothing holds it. An instance on a cycle of what values keep is never freed, so its
///   snapshot takes what later ends hand it.
/// - Only a creation that reads its own key before its value exists is a cycle.
///
/// Without `contract` it is the model of the core before the contract (commit 1254682), which
/// `AMBIENT_MODEL_CONTRACT=0` runs: a creation reads its `@Dependency` properties once its value exists (so they are
/// made, and defaults that hold each other wait for each other), and a `@Dependency` or kept values read after their
/// scope ended rebuild and cache defaults themselves (a *snapshot* of the values), while a scope's instance moves
/// inward when a key's reads grow.
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
        /// With the contract, whether the program dropped every value of the root.
        var ended = false
        /// With the contract, the reports the root made: a key's late read (once per key and read), a chain of a
        /// key's creations (once per key).
        var lateReadsReported: Set<[Int]> = []
        var chainsReported: Set<Int> = []
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
        /// The context; for a snapshot, while a scope made inside its values in another context reads through it,
        /// that context (``ReferenceModel/readAsSnapshot(_:in:of:)``).
        var context: DependencyContext
        /// For a snapshot, the scope whose values it has; `nil` for a scope.
        let snapshotted: Node?
        /// Defaults rebuilt for this scope (or snapshot), per context: serial and reads of their creation.
        var rebuilt: [DependencyContext: [Int: (serial: Int, reads: Set<Int>)]] = [:]
        /// With the contract, the instance of each key a read in these values returned, per context: what every
        /// later read here returns.
        var handedOut: [DependencyContext: [Int: Int]] = [:]
        /// With the contract, the instances placed in this scope, per context; for a snapshot, the ones it made
        /// itself because their scope had ended.
        var owned: [DependencyContext: [Int: Int]] = [:]
        /// With the contract, for a snapshot: the instances of its scopes that it keeps, per context.
        var pins: [DependencyContext: [Int: Int]] = [:]
        /// With the contract, for a snapshot whose creation named a key it knew nothing of: the objects its scopes and
        /// its root handed out when they ended, kept weakly, for partners created from its values later.
        var weaklyKept: [DependencyContext: [Int: Int]] = [:]
        /// With the contract, for a snapshot: the keys its creation read or named, once it ended.
        var names: Set<Int> = []
        /// With the contract, for a snapshot: the key whose creation it was made for, and its serial.
        var createdKey: Int?
        var serial: Int?
        /// With the contract, for a scope: the snapshots made from it (or from a scope inside it) whose creation
        /// ended, which keep what they named of its instances when it ends.
        var watchers: [Node] = []
        /// With the contract, whether this scope has ended.
        var ended = false
        /// With the contract, for a snapshot made from values that descend from a snapshot, while its creation runs:
        /// those values, where what it rebuilds for a scope that ended goes meanwhile.
        var creationSource: Node?
        /// With the contract, for a snapshot made from values that read in the heir (a snapshot's whose root ended,
        /// or one's made from such values, or a scope's made inside them): that snapshot, whose kept instances answer
        /// here too where no scope below it overrides what the key reads.
        var endedAncestor: Node?
        /// How many scopes that set overrides enclose this one, itself included.
        let depth: Int

        init(
            root: Root, parent: Node?, overrides: [Int: Int], context: DependencyContext, snapshotted: Node? = nil,
            createdKey: Int? = nil
        ) {
            self.root = root
            self.parent = parent
            self.overrides = overrides
            self.context = context
            self.snapshotted = snapshotted
            self.createdKey = createdKey
            depth = (parent?.depth ?? 0) + (overrides.isEmpty ? 0 : 1)
        }

        /// A snapshot of these values: what a default created from them reads, and keeps.
        func snapshot(for key: Int? = nil, root: Root? = nil) -> Node {
            Node(
                root: root ?? self.root, parent: nil, overrides: [:], context: context,
                snapshotted: snapshotted ?? self, createdKey: key)
        }

        /// For a snapshot, the instance of `key` in `context` that it keeps: one a scope handed out to it, or one it
        /// made itself; never one of its own key. An end hands it no other.
        func kept(_ key: Int, in context: DependencyContext) -> Int? {
            key == createdKey ? nil : instance(of: key, in: context)
        }

        /// The instance of `key` in `context` these values answer with: what they pinned, else what was placed in
        /// them (a scope pins nothing).
        func instance(of key: Int, in context: DependencyContext) -> Int? {
            pins[context]?[key] ?? owned[context]?[key]
        }

        /// For a snapshot, keeps `serial`, the instance of `key` that `owner`, a scope it links to, handed out to it:
        /// from the read that creates it or finds it on. Never one of its own key.
        func keep(_ serial: Int, of key: Int, in context: DependencyContext, handedOutBy owner: Node) {
            guard snapshotted != nil, owner !== self, key != createdKey else { return }
            pins[context, default: [:]][key] = serial
        }

        /// The scopes these values descend from that set overrides, innermost first.
        var origins: [Node] {
            if let snapshotted { return snapshotted.origins }
            return (overrides.isEmpty ? [] : [self]) + (parent?.origins ?? [])
        }

        /// Every override visible here, by key (the innermost of each key).
        var visibleOverrides: [Int: Int] {
            if let snapshotted { return snapshotted.visibleOverrides }
            return overrides.merging(parent?.visibleOverrides ?? [:]) { own, _ in own }
        }

        /// The innermost override of `key` visible here.
        func override(of key: Int) -> Int? {
            if let snapshotted { return snapshotted.override(of: key) }
            return overrides[key] ?? parent?.override(of: key)
        }

        /// The innermost scope, this one or an enclosing one, that overrides one of `keys`.
        func innermostOverriding(_ keys: Set<Int>) -> Node? {
            if let snapshotted { return snapshotted.innermostOverriding(keys) }
            let any = keys.contains(ReferenceModel.anyOverride)
            if !overrides.isEmpty, any || overrides.keys.contains(where: keys.contains) { return self }
            return parent?.innermostOverriding(keys)
        }

        /// Whether these values are a snapshot's, or a scope's inside one.
        var descendsFromASnapshot: Bool {
            snapshotted != nil || parent?.descendsFromASnapshot == true
        }

        /// For a snapshot, whether it reads in the heir: its root ended, or it was made from values that did.
        var readsInTheHeir: Bool { root.ended || endedAncestor != nil }

        /// For a snapshot, itself; for a scope made inside a snapshot's values, that snapshot.
        var enclosingSnapshot: Node? {
            snapshotted != nil ? self : parent?.enclosingSnapshot
        }

        /// Whether a scope made inside the values of `snapshot`, this one or one between, overrides one of `keys`:
        /// then it has instances of its own, else it reads as the snapshot does.
        func overridesInside(_ snapshot: Node, anyOf keys: Set<Int>) -> Bool {
            let any = keys.contains(ReferenceModel.anyOverride)
            var node: Node? = self
            while let current = node, current !== snapshot {
                if !current.overrides.isEmpty, any || current.overrides.keys.contains(where: keys.contains) {
                    return true
                }
                node = current.parent
            }
            return false
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

    /// A creation under way: its key, context and root, its serial once the value exists (without the contract),
    /// and the creation around it.
    private final class Creation {
        let key: Int
        let context: DependencyContext
        let root: Root
        let parent: Creation?
        /// With the contract, how many creations of each key started the tasks this creation runs in (the core's
        /// `CreationLineage`).
        let lineage: [Int: Int]
        var serial: Int?
        /// Without the contract, the outermost creation around this one whose value this one read before that
        /// value's reads were known (defaults that hold each other): this one is placed only after it, with its
        /// reads added. With the contract no creation waits for another: a property's value is never read while a
        /// creation is under way.
        var awaited: Creation?
        /// Without the contract, the creations that wait for this one's reads, in the order they finished.
        var deferred: [(Set<Int>) -> Void] = []

        init(key: Int, context: DependencyContext, root: Root, parent: Creation?, lineage: [Int: Int]) {
            self.key = key
            self.context = context
            self.root = root
            self.parent = parent
            self.lineage = lineage
        }

        /// The lineage of the tasks this creation starts.
        var lineageOfItsTasks: [Int: Int] {
            lineage.merging([key: 1], uniquingKeysWith: +)
        }

        func isNested(in outer: Creation) -> Bool {
            self === outer || parent?.isNested(in: outer) == true
        }
    }

    /// With the contract, the read that a creation's property on a key stands for while Ambient knows nothing of
    /// what that key reads: every override.
    static let anyOverride = -1

    private let keys: [KeyBehavior]
    /// With the contract, every scope that sets overrides, and every root, made so far.
    private var scopes: [Node] = []
    /// With the contract, the instances the program keeps to its end.
    private var keptByTheProgram: Set<Int> = []
    private var roots: [Root] = []
    /// With the contract, the heir of every root of the program: what a snapshot reads in once its root ended
    /// (Semantics: "A root that ended hands over to its heir"). The program holds it to its end, and every snapshot
    /// of its roots holds it, so it never ends while the program runs.
    let heir = Root(context: .testing)
    /// Whether the program still holds ``heir``; after that, only snapshots that live keep it.
    private var programHoldsTheHeir = true
    /// Whether the model keeps the rules of the Semantics article's "Deciding collisions", or the core before them.
    let contract: Bool
    /// How many times each key's default was created.
    private(set) var creations = Array(repeating: 0, count: ModelKeys.count)
    private var lastSerial = 0
    private var instances: [Int: Instance] = [:]
    /// Creations not placed yet, and the innermost one running.
    private var pending: [Creation] = []
    /// With the contract, the values that creations under way were made from, when they descend from a snapshot:
    /// each creation holds them until it ends.
    private var creationSources: [Node] = []
    private var top: Creation?
    /// Whether a read needed a default that was still being made: a cycle, which the real program must not run.
    private(set) var reachedCycle = false
    /// The scopes whose values the program holds (entered, kept, or held by an object it keeps), with how often.
    private var held: [ObjectIdentifier: (node: Node, count: Int)] = [:]

    /// What the `Task`s that defaults started must read once the program lets them, in the order they started:
    /// the default's serial, the values it was made from and the keys.
    private(set) var startedWork: [(serial: Int, node: Node, reads: [Int], lineage: [Int: Int])] = []
    /// The lineage of the creations that reads made outside any creation start with: that of the task they run in.
    private var lineageOfTheRunningTask: [Int: Int] = [:]
    /// With the contract, what Ambient reports, in the order the model predicts it: `late k<key>` for each key a
    /// later creation read that the first did not, `chain k<key>` for a chain of a key's creations.
    private(set) var reports: [String] = []
    /// What the Dispatch blocks of creations read, in the order they ran: the default's serial and the serials.
    private(set) var dispatchedReads: [(serial: Int, reads: [Int])] = []

    init(keys: [KeyBehavior], contract: Bool) {
        self.keys = keys
        self.contract = contract
    }

    // MARK: Values

    /// The values of a fresh root in `context`.
    func freshRoot(context: DependencyContext) -> Node {
        let root = Root(context: context)
        roots.append(root)
        return Node(root: root, parent: nil, overrides: [:], context: context)
    }

    /// The values of a scope inside `node` that sets `overrides` (serial by key) and maybe a context.
    func scope(in node: Node, overrides: [Int: Int], context: DependencyContext?) -> Node {
        let context = context ?? node.context
        if overrides.isEmpty, context == node.context { return node }
        let scope = Node(root: node.root, parent: node, overrides: overrides, context: context)
        if !overrides.isEmpty { scopes.append(scope) }
        return scope
    }

    /// `DependencyValues()` made in `node`: no overrides, on the same root, in the root's context.
    func rootValues(of node: Node) -> Node {
        let root = contract ? currentRoot(of: node) : node.root
        let values = Node(root: root, parent: nil, overrides: [:], context: root.context)
        // Below a snapshot, the root stays weak: the values are a snapshot of the root's, made for no key.
        return contract && node.enclosingSnapshot != nil ? values.snapshot() : values
    }

    /// Notes that the program holds `node`'s values (until ``release(_:)``): it and its enclosing scopes live.
    func hold(_ node: Node) {
        held[ObjectIdentifier(node), default: (node, 0)].count += 1
    }

    func release(_ node: Node) {
        let id = ObjectIdentifier(node)
        held[id]?.count -= 1
        if held[id]?.count == 0 { held[id] = nil }
        guard contract else { return }
        endScopes(scopes.filter { !$0.ended && !isAlive($0) })
        // NB: the values of a snapshot, and the scopes made inside them, hold their root weakly.
        for root in roots
        where !root.ended && !held.values.contains(where: { $0.node.root === root && $0.node.enclosingSnapshot == nil })
        {
            end(root)
        }
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
        // One after another, in the order they started: each holds the values its default was made from until it
        // ran, and work that its reads start waits for the next call.
        (0..<startedWork.count).map { _ in
            let started = startedWork[0]
            lineageOfTheRunningTask = started.lineage
            defer { lineageOfTheRunningTask = [:] }
            let reads = started.reads.map { read($0, in: started.node) }
            startedWork.removeFirst()
            return (started.serial, reads)
        }
    }

    /// With the contract, how many of the program's instances stay alive once it dropped every value
    /// (Semantics: "Freeing never splits an instance"): the instances whose snapshots keep each other — a snapshot
    /// keeps what it pinned of its scopes' and its root's instances, what it made itself once their scope had
    /// ended, the heir's instances, and every override it inherited — and what those keep. A value never keeps
    /// itself.
    func survivors() -> Int {
        guard contract else { return 0 }
        // Every value is dropped: every scope ends, the inner ones first, then every root.
        endScopes(scopes.filter { !$0.ended })
        keptByTheProgram = []
        for root in roots where !root.ended { end(root) }
        // Then the heir, once nothing holds it: it ends as a root does, and its values keep what they read or named of
        // its instances.
        end(heir)
        programHoldsTheHeir = false
        return instancesKeptByCycles().count
    }

    /// The instances alive whatever the program holds: those on a cycle of what instances keep (Swift frees no
    /// cycle), and what they keep. A value never keeps itself, so a cycle has two instances or more.
    private func instancesKeptByCycles() -> Set<Int> {
        // NB: arrays indexed by serial, not dictionaries: the model asks this often, and a program's defaults are
        // numbered 1, 2, …; overrides (negative serials) keep nothing, so no cycle passes through one.
        let count = lastSerial + 1
        var edges = [[Int]](repeating: [], count: count)
        for serial in instances.keys where serial > 0 { edges[serial] = keptBy(serial) }
        // Tarjan's strongly connected components: each of two instances or more is a cycle.
        var order = [Int](repeating: -1, count: count)
        var lowest = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var visited = 0
        var kept: Set<Int> = []
        func visit(_ serial: Int) {
            order[serial] = visited
            lowest[serial] = visited
            visited += 1
            stack.append(serial)
            onStack[serial] = true
            for next in edges[serial] where next > 0 {
                if order[next] < 0 {
                    visit(next)
                    lowest[serial] = min(lowest[serial], lowest[next])
                } else if onStack[next] {
                    lowest[serial] = min(lowest[serial], order[next])
                }
            }
            guard lowest[serial] == order[serial] else { return }
            var component: [Int] = []
            while let top = stack.popLast() {
                onStack[top] = false
                component.append(top)
                if top == serial { break }
            }
            if component.count > 1 { kept.formUnion(component) }
        }
        for serial in 1..<max(count, 1) where order[serial] < 0 && !edges[serial].isEmpty { visit(serial) }
        var next = Array(kept)
        while let serial = next.popLast() {
            guard serial > 0 else { continue }
            for other in edges[serial] where kept.insert(other).inserted { next.append(other) }
        }
        return kept
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
        keptValues(ofInstance: read(key, in: node)).map { read(through, in: $0) }
    }

    /// The values that the instance of `serial` keeps, which a scope can be made inside; `nil` when it keeps none.
    func keptValues(ofInstance serial: Int) -> Node? {
        guard let instance = instances[serial], keys[instance.key].capturesCurrent, !keys[instance.key].isOwner else {
            return nil
        }
        return instance.node
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

    /// Resolves a read with the contract (the Semantics article's "Deciding collisions"): the instance of the scope
    /// that the key's first creation's reads place it in (the root's when no scope overrides one of them), pinned
    /// by a snapshot that reads it, else a new one; and the keys the read counts as read for a creation that made
    /// it.
    private func resolveKeepingTheContract(_ key: Int, in node: Node) -> (serial: Int, reads: Set<Int>) {
        if let serial = node.override(of: key) { return (serial, []) }
        let context = node.context
        let isSnapshot = node.snapshotted != nil
        if !isSnapshot, let found = builtInsideItsSnapshot(key, in: node) { return found }
        if !isSnapshot, let snapshot = node.enclosingSnapshot, let found = readAsSnapshot(key, in: node, of: snapshot) {
            // What the snapshot answers: it keeps what it read or named, not every instance handed out through it.
            return found
        }
        if isSnapshot, key == node.createdKey, let own = ownAnswer(of: node) {
            return (own, currentRoot(of: node).infos[context]?[key]?.reads ?? [])
        }
        if isSnapshot, node.readsInTheHeir, let kept = node.kept(key, in: context) {
            // What the snapshot kept of its ended root and of its scopes, and what it made itself once they ended,
            // before what the heir has; with the reads of the key's first creation in the root it was made in.
            return (kept, node.root.infos[context]?[key]?.reads ?? [])
        }
        if let found = keptByEndedAncestor(key, in: node) { return found }
        if let found = builtForALinkedScope(key, in: node) { return found }
        if isSnapshot, currentRoot(of: node).infos[context]?[key] == nil, let standIn = lastCreationSource(of: node),
            let (kept, reads) = keptByStandIn(standIn, key, in: context)
        {
            // What stands in for a scope that ended keeps, also before this root knows the key (as below once it
            // does).
            node.keep(kept, of: key, in: context, handedOutBy: standIn)
            return (kept, reads)
        }
        let root = currentRoot(of: node)
        let info = root.infos[context]?[key]
        func served(_ serial: Int, _ reads: Set<Int>) -> (serial: Int, reads: Set<Int>) {
            noteHandedOut(serial, of: key, reads: reads, in: node)
            return (serial, reads)
        }
        if let info {
            if let owner = owner(of: info.reads, in: node) {
                // A snapshot keeps what its scopes handed out to it, after they ended too.
                // And what it keeps weakly for a partner, while that lives, which it then keeps.
                // (Not its own key's: the value finds itself only through a property on its own key.)
                if isSnapshot, key != node.createdKey, let kept = keptForAPartner(key, in: context, by: node) {
                    if node.pins[context]?[key] == nil { node.pins[context, default: [:]][key] = kept }
                    return served(kept, info.reads)
                }
                // A snapshot that stands in for a scope that ended answers with what it keeps of that scope's
                // instances, before what was built for it since.
                let forAPartner = owner === node ? nil : keptForAPartner(key, in: context, by: owner)
                if let existing = forAPartner ?? owner.instance(of: key, in: context) {
                    node.keep(existing, of: key, in: context, handedOutBy: owner)
                    return served(existing, info.reads)
                }
            } else if let instance = info.instance {
                return served(instance, info.reads)
            }
        }
        if pending.contains(where: { $0.key == key && $0.context == context && $0.root === root }) {
            // A creation of this key under way on this thread: its value does not exist yet (a property's value is
            // never read while a creation is under way, and every creation is placed when it returns).
            reachedCycle = true
            return (0, [])
        }
        // The first creation is made from the reader's values; every later one from those of the scope it is
        // placed in, or of the root.
        let source: Node
        if let info {
            if let owner = owner(of: info.reads, in: node) {
                // A scope below the owner may have chosen another context: the creation is the reader's context's.
                source =
                    owner.context == context
                    ? owner : Node(root: root, parent: owner, overrides: [:], context: context)
            } else if node.innermostOverriding([Self.anyOverride]) != nil {
                source = Node(root: root, parent: nil, overrides: [:], context: context)
            } else {
                source = node
            }
        } else {
            source = node
        }
        let created = createKeepingTheContract(key, from: source, root: root)
        // A snapshot keeps what a scope hands it from its first read on, as from any later one; so do the values of
        // a scope made inside it that overrides none of the key's reads.
        if let reads = root.infos[context]?[key]?.reads, let owner = owner(of: reads, in: node),
            owner.owned[context]?[key] == created.serial,
            let keeper = isSnapshot
                ? node : node.enclosingSnapshot.flatMap({ node.overridesInside($0, anyOf: reads) ? nil : $0 })
        {
            keeper.keep(created.serial, of: key, in: context, handedOutBy: owner)
        }
        return served(created.serial, created.reads)
    }

    /// The value `snapshot` was made for, if its values answer its own key with it: an object with a property on its
    /// own key, while it exists, after its scope or its root ended too (a struct has no identity to find).
    private func ownAnswer(of snapshot: Node) -> Int? {
        guard let key = snapshot.createdKey, let own = snapshot.serial, keys[key].shape != .value,
            keys[key].laterReads.contains(key), liveInstances(besides: nil).contains(own)
        else { return nil }
        return own
    }

    /// For a read in `node`, a scope made inside the values of `snapshot`: the snapshot's answer, where the scopes
    /// made inside override none of what the key reads (its own key: none of what its creation read or named).
    private func readAsSnapshot(_ key: Int, in node: Node, of snapshot: Node) -> (serial: Int, reads: Set<Int>)? {
        // Once the root ended, what the snapshot keeps of a key decides by the reads it was kept with, also before the
        // root's heir knows the key.
        let context = node.context
        let kept = snapshot.root.ended ? snapshot.kept(key, in: context) : nil
        let reads =
            kept.flatMap { self.reads(of: key, placedAs: $0, in: context) }
            ?? currentRoot(of: snapshot).infos[context]?[key]?.reads
        if key == snapshot.createdKey, let own = ownAnswer(of: snapshot),
            !node.overridesInside(snapshot, anyOf: snapshot.names)
        {
            return (own, reads ?? [])
        }
        guard let reads, !node.overridesInside(snapshot, anyOf: reads) else { return nil }
        // A scope that chose another context reads what the snapshot has in that context.
        let own = snapshot.context
        snapshot.context = context
        defer { snapshot.context = own }
        return resolveKeepingTheContract(key, in: snapshot)
    }

    /// The root a read in `node` reads in: its own, or for a snapshot whose root ended (or a scope made inside its
    /// values), the heir.
    private func currentRoot(of node: Node) -> Root {
        guard let snapshot = node.enclosingSnapshot, snapshot.root.ended else { return node.root }
        return heir
    }

    /// For a snapshot made while another one's creation runs, from values that descend from it: the values the last
    /// creation of that chain (the one that ended) was made from: a snapshot, or a scope made inside its values.
    private func lastCreationSource(of node: Node) -> Node? {
        guard var last = node.creationSource else { return nil }
        while let next = last.enclosingSnapshot?.creationSource { last = next }
        return last
    }

    /// What `standIn`, the values the last creation of a chain was made from, keeps of `key` in `context` when the key
    /// depends on a scope, and the reads of its first creation in the root that made it (the core's
    /// `keptByCreationSource`): what its snapshot keeps (what it pinned, and what was built for it alone, which the
    /// core pins too), unless a scope made inside it overrides what the key reads, else what was built for it.
    private func keptByStandIn(_ standIn: Node, _ key: Int, in context: DependencyContext) -> (Int, Set<Int>)? {
        let snapshot = standIn.enclosingSnapshot ?? standIn
        func readAsSnapshot(_ kept: Int) -> Int? {
            reads(of: key, placedAs: kept, in: context).map { standIn.overridesInside(snapshot, anyOf: $0) } == false
                ? kept : nil
        }
        let pinned = snapshot.kept(key, in: context).flatMap(readAsSnapshot)
        let weaklyKept = keptForAPartner(key, in: context, by: snapshot).flatMap(readAsSnapshot)
        guard let kept = pinned ?? standIn.owned[context]?[key] ?? weaklyKept,
            let reads = reads(of: key, placedAs: kept, in: context),
            !reads.isEmpty
        else { return nil }
        return (kept, reads)
    }

    /// For a read of `key` in `node`, a scope made inside a snapshot's values, once the snapshot's root ended: the
    /// instance built for it or for a scope between it and the snapshot, if the reads of the key's first creation in
    /// the root it was built in place the read there, whatever the root's heir learns of the key later (the core's
    /// `builtInsideItsSnapshot`); and those reads. The first such scope with an instance of the key decides. A read
    /// here once returned it, directly or through a value created here: before what the snapshot keeps.
    private func builtInsideItsSnapshot(_ key: Int, in node: Node) -> (serial: Int, reads: Set<Int>)? {
        guard let snapshot = node.enclosingSnapshot, snapshot.readsInTheHeir else { return nil }
        var inside: Node? = node
        var scopes: [Node] = []
        while let scope = inside, scope !== snapshot {
            scopes.append(scope)
            inside = scope.parent
        }
        guard let (serial, reads) = builtFor(key, in: node, by: scopes) else { return nil }
        noteHandedOut(serial, of: key, reads: reads, in: node)
        return (serial, reads)
    }

    /// For a read of `key` in `node`, a snapshot's values or a scope made inside them, once the snapshot's root ended:
    /// the instance a live scope the snapshot links to built, if the reads of the key's first creation in that scope's
    /// root place the read there (the core's `builtForALinkedScope`), which the snapshot then keeps; and those reads.
    private func builtForALinkedScope(_ key: Int, in node: Node) -> (serial: Int, reads: Set<Int>)? {
        guard let snapshot = node.enclosingSnapshot, snapshot.readsInTheHeir else { return nil }
        let origins = snapshot.origins.filter { !$0.ended }
        guard let (serial, reads) = builtFor(key, in: node, by: origins) else { return nil }
        if let origin = node.innermostOverriding(reads) {
            snapshot.keep(serial, of: key, in: node.context, handedOutBy: origin)
        }
        noteHandedOut(serial, of: key, reads: reads, in: node)
        return (serial, reads)
    }

    /// Notes that a read of `key` in `node`, a scope, returned `serial`, built from `reads`: what every later read
    /// there returns. A scope made inside a snapshot's values keeps only what was built for it (it overrides one of
    /// `reads`), as the snapshot keeps only what it read or named.
    private func noteHandedOut(_ serial: Int, of key: Int, reads: Set<Int>, in node: Node) {
        guard node.snapshotted == nil, node.enclosingSnapshot.map({ node.overridesInside($0, anyOf: reads) }) ?? true
        else { return }
        node.handedOut[node.context, default: [:]][key] = serial
    }

    /// For a read of `key` in `node`, a snapshot's values or a scope made inside them: what a snapshot it was made
    /// from, whose values read in the heir, keeps of the key, the nearest first, where no scope below that snapshot
    /// overrides what the key reads (the core's `keptByEndedAncestor`), which the snapshot then keeps; and the reads
    /// of the key's first creation in the root that made it.
    private func keptByEndedAncestor(_ key: Int, in node: Node) -> (serial: Int, reads: Set<Int>)? {
        guard let snapshot = node.enclosingSnapshot else { return nil }
        let context = node.context
        var next = snapshot.endedAncestor
        // NB: held weakly, as the core's links are: a snapshot no one holds any more is gone, and so is what it keeps.
        while let ancestor = next, isAlive(snapshot: ancestor) {
            if let kept = ancestor.kept(key, in: context) {
                guard let reads = reads(of: key, placedAs: kept, in: context),
                    node.innermostOverriding(reads).map({ owner in ancestor.origins.contains { $0 === owner } }) ?? true
                else { return nil }
                snapshot.keep(kept, of: key, in: context, handedOutBy: ancestor)
                if node.overridesInside(snapshot, anyOf: reads) { node.handedOut[context, default: [:]][key] = kept }
                return (kept, reads)
            }
            next = ancestor.endedAncestor
        }
        return nil
    }

    /// Whether `snapshot` still exists: its creation runs, its value keeps it and lives, work its value started has
    /// not run yet, the program holds values made inside it, or a creation made from them runs.
    private func isAlive(snapshot: Node) -> Bool {
        guard let serial = snapshot.serial else { return true }
        // NB: the cheap questions first; what lives is the model's slowest.
        return held.values.contains { $0.node.enclosingSnapshot === snapshot }
            || creationSources.contains { $0.enclosingSnapshot === snapshot }
            || startedWork.contains { $0.node === snapshot }
            || (keepsItsSnapshot(serial) && liveInstances(besides: nil).contains(serial))
    }

    /// The instance of `key` that the first of `scopes` with one built, if the reads of the key's first creation in
    /// its root place a read in `node` there; and those reads.
    private func builtFor(_ key: Int, in node: Node, by scopes: [Node]) -> (serial: Int, reads: Set<Int>)? {
        let context = node.context
        for scope in scopes {
            guard let serial = scope.owned[context]?[key] else { continue }
            guard let reads = reads(of: key, placedAs: serial, in: context), node.innermostOverriding(reads) === scope
            else { return nil }
            return (serial, reads)
        }
        return nil
    }

    /// With the contract, the node whose instance of a key of `reads` serves a read in `node`: `nil` for the
    /// root's, else the innermost scope that overrides one of `reads`, or for a snapshot whose such scope ended, the
    /// snapshot itself.
    private func owner(of reads: Set<Int>, in node: Node) -> Node? {
        if node.snapshotted == nil, let snapshot = node.enclosingSnapshot, !node.overridesInside(snapshot, anyOf: reads)
        {
            // A scope made inside a snapshot's values that overrides none of `reads`: where the snapshot's are.
            return owner(of: reads, in: snapshot)
        }
        guard let owner = node.innermostOverriding(reads) else { return nil }
        if node.snapshotted != nil, owner.ended {
            // While its creation runs, where the values it was made from put it: the nearest snapshot among them.
            var source = node.creationSource
            while let values = source, values.snapshotted == nil { source = values.parent }
            return source.flatMap { self.owner(of: reads, in: $0) } ?? node
        }
        return owner
    }

    /// Makes `key`'s default from the values of `source` with the contract: its reads while created, the keys of its
    /// properties (never their values), the work it starts; and places it where the key's first creation's reads
    /// place it.
    private func createKeepingTheContract(
        _ key: Int, from source: Node, root: Root
    ) -> (serial: Int, reads: Set<Int>) {
        let context = source.context
        let (serial, creation) = begin(key, in: source, root: root)
        let behavior = keys[key]
        let snapshot = source.snapshot(for: key, root: root)
        if source.descendsFromASnapshot {
            snapshot.creationSource = source
            creationSources.append(source)
        }
        defer { if source.descendsFromASnapshot { creationSources.removeLast() } }
        snapshot.endedAncestor = source.enclosingSnapshot.flatMap { $0.readsInTheHeir ? $0 : nil }
        top = creation
        var reads = readsWhileCreated(behavior) { resolveKeepingTheContract($0, in: snapshot) }
        top = creation.parent
        if let work = behavior.work, !reachedCycle {
            switch work.kind {
            case .dispatch, .taskDuringCreation:
                // Another thread's reads: neither the creation's reads nor nested in it. A task inherits the
                // creation's lineage; a Dispatch block has no task-locals.
                let outer = top
                top = nil
                let lineage = lineageOfTheRunningTask
                lineageOfTheRunningTask = work.kind == .dispatch ? [:] : creation.lineageOfItsTasks
                let serials = work.reads.map { resolveKeepingTheContract($0, in: snapshot).serial }
                lineageOfTheRunningTask = lineage
                top = outer
                dispatchedReads.append((serial, serials))
            case .task where behavior.shape == .object:
                startedWork.append((serial, snapshot, work.reads, creation.lineageOfItsTasks))
            case .task:
                break
            }
        }
        let standIn = lastCreationSource(of: snapshot)
        snapshot.creationSource = nil
        for property in behavior.laterReads where property != key {
            reads.insert(property)
            if snapshot.override(of: property) != nil { continue }
            var outer = creation.parent
            while let current = outer, current.key != property || current.context != context {
                outer = current.parent
            }
            if outer != nil {
                // Its reads are not known yet, and waiting for them would make work the creation started wait.
                reads.insert(Self.anyOverride)
            } else if let info = root.infos[context]?[property] {
                reads.formUnion(info.reads)
            } else {
                reads.insert(Self.anyOverride)
            }
        }
        reads.remove(key)
        if let standIn {
            // Before it lets go of the values it was made from, the snapshot keeps what they keep of the keys it read
            // or named, when those depend on a scope: a property read later finds what the value has.
            for name in reads where snapshot.pins[context]?[name] == nil {
                guard let (kept, _) = keptByStandIn(standIn, name, in: context) else { continue }
                snapshot.keep(kept, of: name, in: context, handedOutBy: standIn)
            }
            if reads.contains(Self.anyOverride) { keepWeakly(whatIsKeptBy: standIn, into: snapshot) }
        }
        snapshot.names = reads
        snapshot.serial = serial
        for origin in snapshot.origins where !origin.ended { origin.watchers.append(snapshot) }
        instances[serial] = Instance(key: key, node: snapshot, reads: reads)
        return placeKeepingTheContract(creation, serial: serial, reads: reads, from: source)
    }

    /// Places a created value where its key's first creation's reads say, made from `source`; the key's reads.
    private func placeKeepingTheContract(_ creation: Creation, serial: Int, reads: Set<Int>, from source: Node) -> (
        serial: Int, reads: Set<Int>
    ) {
        pending.removeAll { $0 === creation }
        let (key, context, root) = (creation.key, creation.context, creation.root)
        // The first creation's reads decide for good; a later one's reads change nothing, and the root reports each
        // read the first did not make, once.
        if let first = root.infos[context]?[key], !first.reads.contains(Self.anyOverride) {
            for late in reads.subtracting(first.reads).sorted()
            where late != Self.anyOverride && root.lateReadsReported.insert([key, late]).inserted {
                reports.append("late k\(key)")
            }
        }
        if creation.lineage[key, default: 0] >= 2, root.chainsReported.insert(key).inserted {
            reports.append("chain k\(key)")
        }
        let info = root.infos[context]?[key] ?? KeyInfo(reads: reads)
        root.infos[context, default: [:]][key] = info
        let placed: Int
        if let owner = owner(of: info.reads, in: source) {
            placed = owner.owned[context]?[key] ?? serial
            owner.owned[context, default: [:]][key] = placed
        } else {
            placed = info.instance ?? serial
            info.instance = placed
        }
        // A creation that read this value depends on what decides which scopes share the key's instances: the
        // first creation's reads, as when it finds the value made.
        return (placed, info.reads)
    }

    /// Ends `dead` scopes, inner ones first: each live snapshot made in one keeps the scope's instances of the keys
    /// its creation read or named (never its own key's), unless it already keeps one of that key, or reads another
    /// scope's (one made inside a snapshot's values, which outlives the scopes the snapshot links to).
    private func endScopes(_ dead: [Node]) {
        for scope in dead.sorted(by: { $0.depth > $1.depth }) {
            // NB: the scope's own instances still live while it ends, so their snapshots keep each other's.
            let alive = liveInstances(besides: scope)
            scope.ended = true
            for snapshot in scope.watchers {
                guard let serial = snapshot.serial, isKept(snapshot, of: serial, alive: alive) else { continue }
                for (context, table) in scope.owned {
                    for (key, serial) in table
                    where snapshot.innermostOverriding(
                        (reads(of: key, placedAs: serial, in: context) ?? []).union([key])) === scope
                    {
                        handOver(serial, of: key, in: context, to: snapshot)
                    }
                }
            }
            scope.watchers = []
        }
    }

    /// Ends `root`: each live snapshot of a value created in it keeps the root's instances of the keys its creation
    /// read or named (never its own key's), unless it already keeps one of that key or reads a scope's, as when a
    /// scope ends.
    private func end(_ root: Root) {
        // NB: the root's own instances still live while it ends, so their snapshots keep each other's.
        let alive = liveInstances(besides: nil)
        root.ended = true
        for (serial, instance) in instances where instance.node.root === root && instance.node.snapshotted != nil {
            let snapshot = instance.node
            guard isKept(snapshot, of: serial, alive: alive) else { continue }
            for (context, table) in root.infos {
                for (key, info) in table where snapshot.innermostOverriding(info.reads.union([key])) == nil {
                    if let kept = info.instance { handOver(kept, of: key, in: context, to: snapshot) }
                }
            }
        }
    }

    /// Hands `serial`, the instance of `key` in `context` of a scope or root that ends and that `snapshot` reads, to
    /// the snapshot: it keeps it if its creation read or named the key (never its own key's, and only the first
    /// it is handed), else weakly if its creation named a key it knew nothing of and the instance is an object.
    private func handOver(_ serial: Int, of key: Int, in context: DependencyContext, to snapshot: Node) {
        if snapshot.names.contains(key) {
            if key != snapshot.createdKey, snapshot.kept(key, in: context) == nil {
                snapshot.pins[context, default: [:]][key] = serial
            }
        } else if snapshot.names.contains(Self.anyOverride), keys[key].shape != .value,
            snapshot.pins[context]?[key] == nil, snapshot.weaklyKept[context]?[key] == nil
        {
            snapshot.weaklyKept[context, default: [:]][key] = serial
        }
    }

    /// For `snapshot`, whose creation named a key it knew nothing of and was made from `standIn`, values that
    /// descend from a snapshot: keeps weakly the objects that snapshot keeps for a partner (what it pinned, what was
    /// built for it alone, what it keeps weakly and still lives), where `standIn` reads as it, so that the key, once
    /// known, finds them (the core's `keepWeakly(whatIsKeptBy:)`).
    private func keepWeakly(whatIsKeptBy standIn: Node, into snapshot: Node) {
        let source = standIn.enclosingSnapshot ?? standIn
        guard source !== snapshot else { return }
        // NB: what lives is worked out once, and only for an object kept weakly that passes every other test: it is
        // the model's slowest question (a program of many instances would ask it once per creation).
        var live: Set<Int>?
        for context in Set(source.pins.keys).union(source.owned.keys).union(source.weaklyKept.keys) {
            var kept: [Int: (serial: Int, isWeak: Bool)] = (source.weaklyKept[context] ?? [:]).mapValues { ($0, true) }
            for key in Set((source.pins[context] ?? [:]).keys).union((source.owned[context] ?? [:]).keys) {
                if let serial = source.kept(key, in: context) { kept[key] = (serial, false) }
            }
            for (key, (serial, isWeak)) in kept
            where keys[key].shape != .value && snapshot.pins[context]?[key] == nil
                && snapshot.weaklyKept[context]?[key] == nil
            {
                guard let reads = reads(of: key, placedAs: serial, in: context),
                    !standIn.overridesInside(source, anyOf: reads)
                else { continue }
                if isWeak {
                    let alive = live ?? liveInstances(besides: nil)
                    live = alive
                    guard alive.contains(serial) else { continue }
                }
                snapshot.weaklyKept[context, default: [:]][key] = serial
            }
        }
    }

    /// What `snapshot` keeps of `key` in `context` for a partner created from its values: what it pinned, else what
    /// it kept weakly, while that lives.
    private func keptForAPartner(_ key: Int, in context: DependencyContext, by snapshot: Node) -> Int? {
        if let pinned = snapshot.pins[context]?[key] { return pinned }
        guard let weak = snapshot.weaklyKept[context]?[key], liveInstances(besides: nil).contains(weak) else {
            return nil
        }
        return weak
    }

    /// The reads of `key`'s first creation in the root that placed `serial`, its instance, in `context`.
    private func reads(of key: Int, placedAs serial: Int, in context: DependencyContext) -> Set<Int>? {
        instances[serial]?.node.root.infos[context]?[key]?.reads
    }

    /// Whether `snapshot`, of the instance of `serial`, is still kept when a scope or root ends: by that instance if
    /// it lives (of `alive`) and keeps it, or by the work the instance started that has not run yet.
    private func isKept(_ snapshot: Node, of serial: Int, alive: Set<Int>) -> Bool {
        (alive.contains(serial) && keepsItsSnapshot(serial)) || startedWork.contains { $0.node === snapshot }
    }

    /// Whether the instance of `serial` keeps the snapshot of the values it was created from: through its
    /// `@Dependency` properties, the values it keeps, or the task it started.
    private func keepsItsSnapshot(_ serial: Int) -> Bool {
        guard let instance = instances[serial] else { return false }
        let behavior = keys[instance.key]
        return !behavior.laterReads.isEmpty || behavior.capturesCurrent
            || (behavior.work?.kind == .task && behavior.shape == .object)
    }

    /// What the instance of `serial` keeps through its snapshot (``kept(by:)``), if it holds it.
    private func keptBy(_ serial: Int) -> [Int] {
        guard keepsItsSnapshot(serial), let snapshot = instances[serial]?.node else { return [] }
        return kept(by: snapshot).filter { $0 != serial }
    }

    /// What `snapshot` keeps: what it pinned or made itself, the heir's instances (a snapshot of one of the program's
    /// roots holds the heir), and the overrides it inherited.
    private func kept(by snapshot: Node) -> [Int] {
        var kept = snapshot.pins.values.flatMap(\.values) + snapshot.owned.values.flatMap(\.values)
        if snapshot.root !== heir { kept += instances(of: heir) }
        return kept + snapshot.visibleOverrides.values
    }

    /// The instances alive now: those of the live scopes (and of `scope`), of the live roots, the ones the program
    /// keeps, the ones on cycles, the ones the values of work that has not run yet keep, and what they keep.
    private func liveInstances(besides scope: Node?) -> Set<Int> {
        // Values that hold each other live on after the program dropped them, and keep what later ends hand them.
        var next = Array(keptByTheProgram) + instancesKeptByCycles()
        for live in scopes where !live.ended || live === scope {
            next += live.owned.values.flatMap(\.values)
        }
        for root in roots where !root.ended {
            next += instances(of: root)
        }
        if programHoldsTheHeir { next += instances(of: heir) }
        // Work that has not run yet holds the values its default was made from.
        for work in startedWork { next += kept(by: work.node) }
        var seen: Set<Int> = []
        while let serial = next.popLast() {
            guard serial > 0, seen.insert(serial).inserted else { continue }
            next += keptBy(serial)
        }
        return seen
    }

    /// The instances cached in `root`.
    private func instances(of root: Root) -> [Int] {
        root.infos.values.flatMap { $0.values.compactMap(\.instance) }
    }

    /// Notes that the program keeps the instance of `serial` to its end.
    func keepInstance(_ serial: Int) {
        keptByTheProgram.insert(serial)
    }

    /// Counts and numbers a creation of `key` in `node`, pending until it is placed.
    private func begin(_ key: Int, in node: Node, root: Root? = nil) -> (serial: Int, creation: Creation) {
        creations[key] += 1
        lastSerial += 1
        let creation = Creation(
            key: key, context: node.context, root: root ?? node.root, parent: top,
            lineage: top?.lineage ?? lineageOfTheRunningTask)
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

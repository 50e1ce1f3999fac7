import Ambient

/// The Semantics article's rules for the keys of one program, in the article's words: roots, scopes, values and
/// reads, with plain dictionaries, on one thread.
///
/// - A *scope* (a root's own values, a `withDependencies` scope, or one made inside a value's values) lives while
///   something holds it: the program, a scope inside it, or values made from it that hold it.
/// - A *value's values* are what a default was created from, or what an object made in a scope took: its overrides,
///   held strongly; its scope and root, held weakly; and every instance it read, remembered when it read it.
/// - A read in a live scope gets the scope's one instance of the key; a read through a value's values gets what it
///   remembers, else its scope's while that lives, else one built for it (``resolve(_:in:)`` states the order).
///
/// The interpreter asks it before each real read which instance (by serial: defaults 1, 2, …, overrides −1, −2, …)
/// the read must return, and after each step how many times each default must have been created.
final class ReferenceModel: @unchecked Sendable {
    // Safe: used by one thread at a time. The interpreter waits for every thread and task it starts before it goes
    // on, and predicts a race's reads once, before its threads start.

    /// A root: what each key's first creation read, per context, and the reports it made.
    final class Root {
        /// The root's own values, once made.
        var scope: Scope?
        var firstReads: [DependencyContext: [Int: Set<Int>]] = [:]
        var lateReadsReported: Set<[Int]> = []
        var chainsReported: Set<Int> = []
    }

    /// The read that a property on a key stands for while Ambient knows nothing of what that key reads: every
    /// override.
    static let anyOverride = -1
    /// How many defaults a program may create before the model stops it: one that reads, after its scopes ended,
    /// defaults that read many others while created builds each for its reader, which can make more than any program
    /// should check.
    static let mostCreations = 1_000

    let keys: [KeyBehavior]
    /// What reads know of keys once their root ended, one for all the program's roots (the core keeps it in the
    /// roots' heir): the first reads that decide where a creation goes and what a later one reports start again here.
    let afterTheEnd = Root()
    /// How many times each key's default was created.
    var creations = Array(repeating: 0, count: ModelKeys.count)
    var lastSerial = 0
    /// Every default made: its key and the values it keeps (`nil` when it keeps none).
    var instances: [Int: (key: Int, values: Values?)] = [:]
    var top: Creation?
    /// Every creation under way, also those whose work reads on another thread meanwhile: what they hold lives.
    var underWay: [Creation] = []
    /// Whether a read needed a default that was still being made: a cycle, which the real program must not run.
    var reachedCycle = false
    /// Whether the program made ``mostCreations`` defaults.
    var reachedCreationBound = false
    /// Whether the program is not run further: it needs a cycle, or made too many creations.
    var hasStopped: Bool { reachedCycle || reachedCreationBound }
    /// What the program holds, with how often: scopes it runs in or captured, objects and values it keeps.
    var held: [ObjectIdentifier: (place: Place, count: Int)] = [:]
    var heldInstances: [Int: Int] = [:]
    /// The `Task`s that defaults started, in the order they started, each with what it must read once run.
    var startedWork: [(serial: Int, values: Values, reads: [Int], lineage: [Int: Int])] = []
    /// The lineage of the task that reads made outside any creation run in.
    var lineageOfTheRunningTask: [Int: Int] = [:]
    /// What Ambient reports, in the order the model predicts it: `late k<key>`, `chain k<key>`.
    var reports: [String] = []
    /// What the Dispatch blocks of creations read, in the order they ran: the default's serial and the serials.
    var dispatchedReads: [(serial: Int, reads: [Int])] = []

    init(keys: [KeyBehavior]) {
        self.keys = keys
    }

    // MARK: Roots, scopes and values

    func freshRoot(context: DependencyContext) -> Place {
        let root = Root()
        root.scope = Scope(root: root, parent: nil, overrides: [:], context: context)
        return .scope(root.scope!)
    }

    /// The root whose knowledge of keys a read in `place` uses: its own while it lives, else ``afterTheEnd``.
    func knowledge(_ place: Place) -> Root {
        place.root.scope.map(isAlive) == true ? place.root : afterTheEnd
    }

    /// A scope inside `place` that sets `overrides` (serials by key) and maybe a context.
    func scope(in place: Place, overrides: [Int: Int], context: DependencyContext?) -> Place {
        .scope(Scope(root: place.root, parent: place, overrides: overrides, context: context ?? place.context))
    }

    /// `DependencyValues()` made in `place`: the root's own values; made in a value's values, or once the root ended,
    /// values of no override that hold the root weakly, as a value's do.
    func rootValues(of place: Place) -> Place {
        let root = place.root.scope!
        return isAlive(root) && valuesAnswering([], from: place) == nil
            ? .scope(root) : .values(Values(of: nil, madeIn: .scope(root)))
    }

    // MARK: Reads

    /// The serial of the instance a read of `key` in `place` returns.
    func read(_ key: Int, in place: Place) -> Int {
        resolve(key, in: place).serial
    }

    /// The serial that the `index`th `@Dependency` property of the default of serial `serial` returns; `nil` when it
    /// has no such property (or is an override).
    func readReference(ofInstance serial: Int, index: Int) -> Int? {
        guard let instance = instances[serial], let values = instance.values,
            let key = keys[instance.key].laterReads.dropFirst(index).first
        else { return nil }
        return read(key, in: .values(values))
    }

    func readReference(_ key: Int, index: Int, in place: Place) -> Int? {
        readReference(ofInstance: read(key, in: place), index: index)
    }

    /// The serial that a read of `through`, in the values kept by the value of `key` in `place`, returns.
    func readCaptured(_ key: Int, through: Int, in place: Place) -> Int? {
        keptValues(ofInstance: read(key, in: place)).map { read(through, in: $0) }
    }

    /// The values that the instance of `serial` keeps and can be re-entered; `nil` when it keeps none.
    func keptValues(ofInstance serial: Int) -> Place? {
        guard let instance = instances[serial], keys[instance.key].capturesCurrent, !keys[instance.key].isOwner,
            let values = instance.values
        else { return nil }
        return .values(values)
    }

    /// Resolves a read, in the order the article's "Lifetimes" states; the instance and the keys the read counts as
    /// read, for a creation that made it.
    func resolve(_ key: Int, in place: Place) -> (serial: Int, reads: Set<Int>) {
        // 1. An override in its values (overrides win, and nest).
        if let serial = place.override(of: key) { return (serial, []) }
        let context = place.context
        let reads = firstReads(of: key, seenFrom: place)
        guard case .values(let values) = place else {
            // A read in a scope's own values: the scope lives, since the reader holds it. In a scope made inside a
            // value's values that overrides nothing the key reads, the read is one in those values (once the root
            // ended, the key reads what the instance those values remember read). A scope that chose another context
            // reads what the values remember in that context.
            if let reads = reads ?? valuesAnswering([], from: place)?.remembered[context]?[key]?.reads,
                let values = valuesAnswering(reads, from: place)
            {
                if values.context == context { return resolve(key, in: .values(values)) }
                if let kept = kept(key, by: values, in: context) { return (kept, reads) }
            }
            // A first creation, made from the scope: the values it is made inside remember it, unless the scope
            // overrides what it read.
            let found = instance(of: key, from: place)
            if let values = valuesAnswering(found.reads, from: place) {
                remember(found.serial, of: key, in: values, context: context, reads: found.reads)
            }
            return found
        }
        // 2. The instance the value kept for the key (one it keeps weakly, while something else holds it).
        if let kept = kept(key, by: values, in: context) { return (kept, reads ?? []) }
        // 4. Its scope ended: an instance built for the value alone, which it keeps and no scope sees.
        if let reads, !isAlive(owner(of: reads, from: place)) { return create(key, from: place) }
        // 3. The instance of the scope it belongs to, while that lives.
        let found = instance(of: key, from: place)
        remember(found.serial, of: key, in: values, context: context, reads: found.reads)
        return found
    }

    /// The instance `values` kept for `key` in `context`, if it still has it: one kept weakly, while it lives.
    private func kept(_ key: Int, by values: Values, in context: DependencyContext) -> Int? {
        guard let kept = values.remembered[context]?[key], !kept.weakly || liveInstances().contains(kept.serial)
        else { return nil }
        return kept.serial
    }

    /// The instance of the live scope that `key` belongs to, seen from `place`: that of the innermost scope that
    /// overrides what the key's first creation in the root read, else the root's, made from that scope's values if
    /// missing. A first creation in the root is made from the reader's values, and placed by what it read.
    private func instance(of key: Int, from place: Place) -> (serial: Int, reads: Set<Int>) {
        let context = place.context
        guard let reads = firstReads(of: key, seenFrom: place) else { return create(key, from: place) }
        let owner = owner(of: reads, from: place)
        if let serial = owner.instances[context]?[key] { return (serial, reads) }
        // A scope below the owner may have chosen another context: the creation is in the reader's.
        if owner.context == context { return create(key, from: .scope(owner)) }
        return create(
            key, from: .scope(Scope(root: owner.root, parent: .scope(owner), overrides: [:], context: context)))
    }

    /// The scope a key of `reads` belongs to, seen from `place`: the innermost scope that overrides one of them (any
    /// override for ``anyOverride``), else the root's own values. A value's values look in the scopes they were made
    /// in, which they hold weakly.
    func owner(of reads: Set<Int>, from place: Place) -> Scope {
        switch place {
        case .values(let values): owner(of: reads, from: values.scope)
        case .scope(let scope) where overrides(scope, anyOf: reads): scope
        case .scope(let scope): scope.parent.map { owner(of: reads, from: $0) } ?? scope
        }
    }

    /// The values that a scope made inside them, and overriding none of `reads` there, is a scope of; `nil` for a
    /// scope that overrides one, or that no value's values are under.
    func valuesAnswering(_ reads: Set<Int>, from place: Place) -> Values? {
        switch place {
        case .values(let values): values
        case .scope(let scope) where overrides(scope, anyOf: reads): nil
        case .scope(let scope): scope.parent.flatMap { valuesAnswering(reads, from: $0) }
        }
    }

    private func overrides(_ scope: Scope, anyOf reads: Set<Int>) -> Bool {
        !scope.overrides.isEmpty
            && (reads.contains(Self.anyOverride) || scope.overrides.keys.contains(where: reads.contains))
    }

    func firstReads(of key: Int, seenFrom place: Place) -> Set<Int>? {
        knowledge(place).firstReads[place.context]?[key]
    }

    /// Notes that `values` read `serial` for `key` (A value keeps what it read): kept weakly when it is the value
    /// itself or one that may hold it (``Values/holders``), when its key's default reads or names one of their keys
    /// or a key it knows nothing of, or when work a creation started reads it (so that no values hold each other in a
    /// cycle); a struct it would keep weakly, not at all. What was built for the value alone it keeps. `created` is
    /// what the instance's creation read: a scope inside the values that overrides none of it reads the same
    /// instance; `context` is the read's, which a scope inside the values may have chosen.
    func remember(
        _ serial: Int, of key: Int, in values: Values, context: DependencyContext, reads created: Set<Int>,
        builtForIt: Bool = false
    ) {
        guard serial > 0, values.remembered[context]?[key]?.serial != serial else { return }
        let reads = knowledge(.values(values)).firstReads[context]?[key] ?? []
        // What the work of a creation reads once it runs on its own is named by no key: kept weakly too.
        let byWork = top == nil && !lineageOfTheRunningTask.isEmpty
        let weakly =
            !builtForIt
            && (byWork || values.holders.contains(key) || !reads.isDisjoint(with: values.holders)
                || reads.contains(Self.anyOverride))
        if weakly, keys[key].shape == .value { return }
        values.remembered[context, default: [:]][key] = (serial, weakly, created)
    }
}

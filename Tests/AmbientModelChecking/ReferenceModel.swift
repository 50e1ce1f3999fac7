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

    /// A root: what each key's first creation in it read, per context, and what it reported.
    final class Root {
        var firstReads: [DependencyContext: [Int: Set<Int>]] = [:]
        var reported: Set<String> = []
    }

    /// What a read counts as reading while Ambient knows nothing of what a property's key reads: every override
    /// (Lazy is lazy: "Until the key is known …, the default depends on every override").
    static let anyOverride = -1
    /// How many defaults a program may create before the model stops it: one that reads, after its scopes ended,
    /// defaults that read many others while created builds each for its reader, which can make more than any program
    /// should check.
    static let mostCreations = 1_000

    let keys: [KeyBehavior]
    /// What reads know of keys once their root ended, one for all the program's roots (the core keeps it in the
    /// roots' heir): the first reads that decide where a creation goes and what a later one reports start again here.
    let afterTheEnd = Root()
    /// How many times each key's default was created; their sum is the last serial.
    var creations = Array(repeating: 0, count: ModelKeys.count)
    /// Every default made: its key and the values it keeps (`nil` when it keeps none).
    var instances: [Int: (key: Int, values: Place?)] = [:]
    /// Every creation under way, the outermost first, also those whose work reads on another thread meanwhile: what
    /// they hold lives. Work reads in none of those before ``readerStart``.
    var underWay: [Creation] = []
    var readerStart = 0
    /// Whether a read needed a default that was still being made (a cycle, which the real program must not run), or
    /// the program made ``mostCreations`` defaults.
    var reachedCycle = false
    var reachedCreationBound = false
    var hasStopped: Bool { reachedCycle || reachedCreationBound }
    /// What the program holds, once per hold: places (scopes it runs in or captured, objects' values) and instances.
    var held: [Place] = []
    var heldInstances: [Int] = []
    /// The `Task`s that defaults started, in the order they started, each with what it must read once run.
    var startedWork: [(serial: Int, values: Place, reads: [Int], lineage: [Int: Int])] = []
    /// How many creations of each key started the task that reads outside any creation run in.
    var lineageOfTheRunningTask: [Int: Int] = [:]
    /// What Ambient reports, in the order the model predicts it: `late k<key>`, `chain k<key>`.
    var reports: [String] = []
    /// What the Dispatch blocks of creations read, in the order they ran: the default's serial and the serials.
    var dispatchedReads: [(serial: Int, reads: [Int])] = []

    init(keys: [KeyBehavior]) { self.keys = keys }

    // MARK: Roots, scopes and values

    func freshRoot(context: DependencyContext) -> Place {
        Place(root: Root(), parent: nil, overrides: [:], context: context)
    }

    /// A scope inside `place` that sets `overrides` (serials by key) and maybe a context.
    func scope(in place: Place, overrides: [Int: Int], context: DependencyContext?) -> Place {
        Place(root: place.root, parent: place, overrides: overrides, context: context ?? place.context)
    }

    /// `DependencyValues()` made in `place`: the root's own values; made in a value's values, or once the root ended,
    /// values of no override that hold the root weakly, as a value's do.
    func rootValues(of place: Place) -> Place {
        let root = place.rootScope
        return isAlive(root) && place.values(answering: []) == nil ? root : Place(valuesOf: nil, madeIn: root)
    }

    /// The root whose knowledge of keys a read in `place` uses: its own while it lives, else ``afterTheEnd``.
    func knowledge(_ place: Place) -> Root { isAlive(place.rootScope) ? place.root : afterTheEnd }

    // MARK: Reads

    /// The serial of the instance a read of `key` in `place` returns.
    func read(_ key: Int, in place: Place) -> Int { resolve(key, in: place).serial }

    /// The serial that the `index`th `@Dependency` property of the default of serial `serial` returns; `nil` when it
    /// has no such property (or is an override).
    func readReference(ofInstance serial: Int, index: Int) -> Int? {
        guard case (let key, let values?)? = instances[serial] else { return nil }
        return keys[key].laterReads.dropFirst(index).first.map { read($0, in: values) }
    }

    /// The values that the instance of `serial` keeps and can be re-entered; `nil` when it keeps none.
    func keptValues(ofInstance serial: Int) -> Place? {
        instances[serial].flatMap { keys[$0.key].capturesCurrent && !keys[$0.key].isOwner ? $0.values : nil }
    }

    /// Resolves a read, in the order of the article's "Lifetimes": "A read of a key in a value's values (while it's
    /// created, through its `@Dependency` properties, or in a scope made inside them that overrides nothing the key
    /// reads) hands out the first of these; any other read holds its scope, so it is 1 or 3". Returns the instance and
    /// the keys the read counts as read, for a creation that made it.
    func resolve(_ key: Int, in place: Place) -> (serial: Int, reads: Set<Int>) {
        // 1. An override in its values (overrides win, and nest).
        if let serial = place.allOverrides[key] { return (serial, []) }
        let (context, reads) = (place.context, knowledge(place).firstReads[place.context]?[key])
        if place.madeIn != nil {
            // 2. The instance the value kept for the key (one it keeps weakly, while something else holds it).
            if let kept = kept(key, by: place, in: context) { return (kept, reads ?? []) }
            // 4. Its scope ended: an instance built for the value alone, which it keeps and no scope sees.
            if let reads, !isAlive(place.owner(of: reads)) { return create(key, from: place) }
        } else if let values = place.values(answering: []),
            let reads = kept(key, by: values, in: context) == nil ? reads : values.remembered[context]?[key]?.reads,
            place.values(answering: reads) != nil
        {
            // A scope made inside a value's values that overrides nothing the key reads: a read in those values. The
            // key reads what the instance those values keep read, while they keep it, else what the root knows (once
            // it ended, what the heir learned since): Ambient asks what values remember first, and only while they
            // have it. One that chose another context reads what the values remember in that context.
            if values.context == context { return resolve(key, in: values) }
            if let kept = kept(key, by: values, in: context) { return (kept, reads) }
        }
        // 3. The instance of the live scope the key belongs to (Overrides reach derived defaults): that of the
        // innermost scope that overrides what the key's first creation in the root read, else the root's, made from
        // that scope's values (in the reader's context) if missing. A first creation is made from the reader's values.
        // An instance found counts what its own creation read, as its scope remembers it (a scope that outlived its
        // root may hold one whose reads differ from what the heir learned since), as Ambient's entry carries them.
        let owner = reads.map(place.owner)
        let source = owner.map { $0.context == context ? $0 : scope(in: $0, overrides: [:], context: context) }
        let found: (serial: Int, reads: Set<Int>) =
            owner?.remembered[context]?[key].map { ($0.serial, $0.reads) } ?? create(key, from: source ?? place)
        // A value keeps what it read: the values the read is made inside, unless a scope between overrides what it
        // read. "It keeps it strongly, except its own key's, one whose key reads or names the value's key, or names a
        // key path no read has shown yet …, and what a task its `init` started reads: those only while something
        // else does"; a struct it would keep weakly, not at all.
        if found.serial > 0, let values = place.values(answering: found.reads),
            values.remembered[context]?[key]?.serial != found.serial,
            case let weakly = underWay.count == readerStart && !lineageOfTheRunningTask.isEmpty
                || found.reads.contains(Self.anyOverride) || !found.reads.union([key]).isDisjoint(with: values.holders),
            !weakly || keys[key].shape != .value
        {
            values.remembered[context, default: [:]][key] = (found.serial, weakly, found.reads)
        }
        return found
    }

    /// The instance `values` kept for `key` in `context`, if it still has it: one kept weakly, while it lives.
    private func kept(_ key: Int, by values: Place, in context: DependencyContext) -> Int? {
        values.remembered[context]?[key].flatMap { !$0.weakly || liveInstances().contains($0.serial) ? $0.serial : nil }
    }
}

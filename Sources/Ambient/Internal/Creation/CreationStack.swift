/// One default value being created: which key, on which thread, inside which other creation.
final class Creation: Sendable {
    let key: ObjectIdentifier
    let keyType: any DependencyKey.Type
    let context: DependencyContext
    let thread: UInt
    let parent: Creation?
    /// The root the value is created in.
    let root: ObjectIdentifier
    /// The reporter of the root the value is created for.
    let reporter: (any _DependencyIssueReporter)?
    /// The read that asked for the value, when a `@Dependency` made it in the testing context.
    let readContext: ReadContext?
    /// The creations whose work this one runs in.
    let lineage: CreationLineage
    /// The values the value is created from (``Root/source(of:readIn:)``): which overrides they have of the keys of
    /// the creations nested in this one decides whether a nested read of this key asks for the same instance
    /// (<doc:Semantics#Only-a-real-cycle-stops-the-process>). Held for the creation only, as its frame is.
    let source: ScopeNode?
    /// The creation of the same key and context under way around this one on its thread, for another instance
    /// (<doc:Semantics#Only-a-real-cycle-stops-the-process>): it is under way again once this one ends.
    let shadowed: Creation?

    init(
        key: ObjectIdentifier, keyType: any DependencyKey.Type, context: DependencyContext, thread: UInt,
        parent: Creation?, root: ObjectIdentifier, reporter: (any _DependencyIssueReporter)? = nil,
        readContext: ReadContext? = nil, lineage: CreationLineage = CreationLineage(), source: ScopeNode? = nil,
        shadowed: Creation? = nil
    ) {
        self.source = source
        self.shadowed = shadowed
        self.key = key
        self.keyType = keyType
        self.context = context
        self.thread = thread
        self.parent = parent
        self.root = root
        self.reporter = reporter
        self.readContext = readContext
        self.lineage = lineage
    }
}

/// The keys whose creations started the tasks that a creation runs in, transitively, each with how many of them
/// there were.
///
/// A default whose work creates the default again, once the value that started it was freed, starts a chain: each
/// new value's work creates the next. A creation whose lineage holds its own key twice is the chain's third value,
/// and its root reports the chain (<doc:Semantics#Bookkeeping-ends-with-the-creation>).
struct CreationLineage: Sendable {
    private var counts: [ObjectIdentifier: Int] = [:]

    /// How many creations of `key` started the work this lineage leads to.
    func count(of key: ObjectIdentifier) -> Int { counts[key] ?? 0 }

    /// This lineage, followed by work that a creation of `key` started.
    func followed(by key: ObjectIdentifier) -> CreationLineage {
        var next = self
        next.counts[key, default: 0] += 1
        return next
    }

    /// The lineage of a creation read where `frame` is the task-local frame: the frame's own, for a read nested in
    /// the frame's creation on its thread; else that followed by the frame's key, for work the frame's creation
    /// started.
    static func leading(from frame: CreationFrame?) -> CreationLineage {
        guard let frame else { return CreationLineage() }
        return frame.current != nil ? frame.lineage : frame.lineage.followed(by: frame.key)
    }
}

/// The innermost creation under way on one thread, as a task-local holds it.
///
/// Work a default's `init` starts can see the task-local: a task inherits it, and a Dispatch block that runs on the
/// creating thread reads it. The frame holds the creation weakly, and answers only on the creating thread, so such
/// work neither keeps the creation (and through it the new value) alive nor counts as nested in it
/// (<doc:Semantics#Bookkeeping-ends-with-the-creation>). What a task's creations inherit from it is their lineage.
final class CreationFrame: @unchecked Sendable {
    // Safe: every property is set in `init` only, and the runtime loads weak references atomically.
    private weak var creation: Creation?
    private let thread: UInt
    /// The creation's key and lineage, which work the creation started leads on from.
    let key: ObjectIdentifier
    let lineage: CreationLineage

    init(_ creation: Creation) {
        self.creation = creation
        thread = creation.thread
        key = creation.key
        lineage = creation.lineage
    }

    /// The creation, if it is still under way and this is its thread.
    var current: Creation? {
        guard thread == currentThreadID() else { return nil }
        return creation
    }
}

/// The creations nested on the current thread (creating a default is synchronous, so nesting means reads made by
/// a default while it is created).
enum CreationStack {
    /// The frame of the innermost creation under way on this task.
    @TaskLocal static var frame: CreationFrame?

    /// The innermost creation under way on this thread.
    static var top: Creation? { frame?.current }

    /// The creations from `start` down to `end` (inclusive), outermost first; just `[start]` when `end` is not
    /// nested in `start`.
    static func path(from start: Creation, to end: Creation?) -> [Creation] {
        var reversed: [Creation] = []
        var node = end
        while let current = node {
            reversed.append(current)
            if current === start { return reversed.reversed() }
            node = current.parent
        }
        return [start]
    }
}

/// The message for a dependency cycle, and the stop it causes.
enum CycleReport {
    static func sameThreadCycle(reentering pending: Creation, from top: Creation?) -> String {
        let path = CreationStack.path(from: pending, to: top)
        return message(for: path + [pending])
    }

    static func message(for cycle: [Creation]) -> String {
        let names = cycle.map { VisibleText.of($0.keyType) }
        return """
            Ambient: dependency cycle: \(names.joined(separator: " → ")). The default value of \(names[0]) \
            needs itself while it is being created. Break the cycle: build one of these values without reading \
            the next (pass it in, or read it lazily when it is used), or override one of them.
            """
    }

    static func stop(_ message: String) -> Never {
        fatalError(message)
    }
}

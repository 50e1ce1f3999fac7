/// One default value being created: which key, on which thread, inside which other creation.
final class Creation: @unchecked Sendable {
    // Safe: every stored property is a `let` of a `Sendable` type, except `atomicWords`, which is only reached
    // through atomic operations after `init` (see `AtomicWords`).

    /// The result's word; must stay the first stored property.
    private var atomicWords = AtomicWords()
    /// The value, once its key's getter has returned (while its captured dependencies are resolved).
    var result: LazyReference<AnyBox> { LazyReference(0, of: self) }
    let key: ObjectIdentifier
    let keyType: any DependencyKey.Type
    let context: DependencyContext
    let thread: UInt
    let parent: Creation?
    /// The reporter of the root the value is created for.
    let reporter: (any _DependencyIssueReporter)?
    /// The read that asked for the value, when a `@Dependency` made it in the testing context.
    let readContext: ReadContext?

    init(
        key: ObjectIdentifier, keyType: any DependencyKey.Type, context: DependencyContext, thread: UInt,
        parent: Creation?, reporter: (any _DependencyIssueReporter)? = nil, readContext: ReadContext? = nil
    ) {
        self.key = key
        self.keyType = keyType
        self.context = context
        self.thread = thread
        self.parent = parent
        self.reporter = reporter
        self.readContext = readContext
    }

    deinit { result.releaseStored() }

    /// Whether the atomic words are where ``AtomicWords`` looks for them.
    var atomicWordsAreFirst: Bool { AtomicWords.areFirst(in: self, at: &atomicWords) }
}

/// The creations nested on the current thread (creating a default is synchronous, so nesting means reads made by
/// a default while it is created).
enum CreationStack {
    /// The innermost creation under way here.
    @TaskLocal static var top: Creation?

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

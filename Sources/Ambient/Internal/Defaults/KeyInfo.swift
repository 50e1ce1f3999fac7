/// What a root knows about a key in one context: every key its first creation read, and the root's instance.
final class KeyInfo: @unchecked Sendable {
    // Safe: `atomicWords` is only reached through atomic operations after `init` (see `AtomicWords`); the other
    // stored properties are `let`s of `Sendable` types.

    /// Word 0: ``value``. Must stay the first stored property.
    private var atomicWords = AtomicWords()
    /// The instance shared by every scope that overrides none of `reads`, once one such scope has read it.
    var value: LazyReference<AnyBox> { LazyReference(0, of: self) }
    /// The keys the first creation read, transitively, itself excluded: they decide for good which scopes share an
    /// instance (a scope that overrides one of them has its own). ``anyOverride`` among them stands for every key.
    let reads: [ObjectIdentifier]
    /// The `@Dependency` whose read made the first creation, when that read said where it is (see ``ReadContext``).
    let createdAt: DeclarationSite?
    /// The key, for explanations and the learned graph.
    let keyType: any DependencyKey.Type
    /// The keys the first creation read itself (not through the defaults of other keys), in order.
    let directReads: [any DependencyKey.Type]

    /// Stands among a creation's reads for every override: the creation named a key whose reads are not known yet,
    /// so its value belongs to the innermost scope that overrides anything.
    static let anyOverride = ObjectIdentifier(AnyOverride.self)
    private enum AnyOverride {}

    init(
        reads: [ObjectIdentifier],
        keyType: any DependencyKey.Type,
        directReads: [any DependencyKey.Type] = [],
        createdAt: DeclarationSite? = nil
    ) {
        self.reads = reads
        self.createdAt = createdAt
        self.keyType = keyType
        self.directReads = directReads
    }

    deinit { value.releaseStored() }

    /// Whether the atomic words are where ``AtomicWords`` looks for them.
    var atomicWordsAreFirst: Bool { AtomicWords.areFirst(in: self, at: &atomicWords) }

    /// The keys among `reads` that the first creation did not read: a later creation read them. The first
    /// creation's reads decide for good which scopes share an instance (<doc:Semantics#One-instance-per-key-per-scope>).
    func lateReads(in reads: [ObjectIdentifier]) -> [ObjectIdentifier] {
        guard !self.reads.contains(Self.anyOverride) else { return [] }
        return reads.filter { !self.reads.contains($0) && $0 != Self.anyOverride }
    }
}

/// Default values rebuilt for one scope, per context: the scope holds them, and they live as long as it does, or as
/// long as a value that read them remembers them (<doc:Semantics#A-value-keeps-what-it-read>).
final class ScopedDefaults: Sendable {
    private let tables = DependencyContext.allCases.map { _ in LockFreeTable<ScopedDefault>() }

    func table(for context: DependencyContext) -> LockFreeTable<ScopedDefault> {
        tables[context.index]
    }
}

/// A default rebuilt for one scope, or one that a snapshot remembers.
final class ScopedDefault: Sendable {
    let box: AnyBox
    /// The reads of the key's first creation in the root: what a creation that reads this instance depends on,
    /// also once that root was freed.
    let reads: [ObjectIdentifier]

    init(box: AnyBox, reads: [ObjectIdentifier]) {
        self.box = box
        self.reads = reads
    }
}

/// What a root knows about a key in one context: every key its default read while created, and the root's instance.
final class KeyInfo: @unchecked Sendable {
    // Safe: `atomicWords` is only reached through atomic operations after `init` (see `AtomicWords`); the other
    // stored properties are `let`s of `Sendable` types.

    /// Word 0: the current ``ReadSet``, retained; word 1: ``value``. Must stay the first stored property.
    private var atomicWords = AtomicWords()
    private var currentReads: AtomicWord { AtomicWords.word(0, of: self) }
    /// The instance shared by every scope that overrides none of `reads`, once one such scope has read it.
    var value: LazyReference<AnyBox> { LazyReference(1, of: self) }
    /// The `@Dependency` whose read made the first creation, when that read said where it is (see ``ReadContext``).
    let createdAt: DeclarationSite?
    /// The key, for explanations and the learned graph.
    let keyType: any DependencyKey.Type
    /// The keys the first creation read itself (not through the defaults of other keys), in order.
    let directReads: [any DependencyKey.Type]

    init(
        reads: [ObjectIdentifier],
        keyType: any DependencyKey.Type,
        directReads: [any DependencyKey.Type] = [],
        createdAt: DeclarationSite? = nil
    ) {
        self.createdAt = createdAt
        self.keyType = keyType
        self.directReads = directReads
        currentReads.storeRelaxed(UInt(bitPattern: Unmanaged.passRetained(ReadSet(reads, previous: nil)).toOpaque()))
    }

    deinit {
        Unmanaged<ReadSet>.fromOpaque(UnsafeRawPointer(bitPattern: currentReads.loadAcquiring()).unsafelyUnwrapped)
            .release()
        value.releaseStored()
    }

    /// Whether the atomic words are where ``AtomicWords`` looks for them.
    var atomicWordsAreFirst: Bool { AtomicWords.areFirst(in: self, at: &atomicWords) }

    /// The keys read by any creation of this key in this root and context, itself excluded. Lock-free.
    ///
    /// A default may read different keys with different values (`flag ? a : b`); the union of what all its creations
    /// read decides which scopes need their own instance.
    @inline(__always)
    var reads: [ObjectIdentifier] {
        let bits = currentReads.loadAcquiring()
        return Unmanaged<ReadSet>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
            ._withUnsafeGuaranteedRef { $0.keys }
    }

    /// The keys among `reads` that the first creation did not read: a later creation read them. The first
    /// creation's reads decide for good which scopes share an instance (<doc:Semantics#One-instance-per-key-per-scope>).
    func lateReads(in reads: [ObjectIdentifier]) -> [ObjectIdentifier] {
        let known = self.reads
        guard !known.contains(ReadSet.anyOverride) else { return [] }
        return reads.filter { !known.contains($0) && $0 != ReadSet.anyOverride }
    }
}

/// One version of a ``KeyInfo``'s reads.
final class ReadSet: Sendable {
    /// Stands among a creation's reads for every override: the creation named a key whose reads are not known yet,
    /// so its value belongs to the innermost scope that overrides anything.
    static let anyOverride = ObjectIdentifier(AnyOverride.self)
    private enum AnyOverride {}

    let keys: [ObjectIdentifier]
    private let previous: ReadSet?

    init(_ keys: [ObjectIdentifier], previous: ReadSet?) {
        self.keys = keys
        self.previous = previous
    }
}

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

/// Default values rebuilt for one scope, per context.
final class ScopedDefaults: Sendable {
    private let tables = DependencyContext.allCases.map { _ in LockFreeTable<ScopedDefault>() }

    func table(for context: DependencyContext) -> LockFreeTable<ScopedDefault> {
        tables[context.index]
    }
}

/// A default rebuilt for one scope, and the keys it read while it was created.
final class ScopedDefault: Sendable {
    let box: AnyBox
    let reads: [ObjectIdentifier]

    init(box: AnyBox, reads: [ObjectIdentifier]) {
        self.box = box
        self.reads = reads
    }
}

/// Who holds a created default: the root that cached it, or the scope it was rebuilt for.
enum DefaultOwner {
    case root
    case scope(Storage)
}

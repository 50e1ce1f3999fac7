/// An object that a scope or a root, when it ended, handed weakly to the values of a value that names a key Ambient
/// knew nothing of then: it keeps nothing alive, and a partner created from those values that reads or names its key
/// while it still exists gets it, and keeps it (<doc:Semantics#A-scope-that-ended-rebuilds-once-per-reader>).
final class WeaklyKept: @unchecked Sendable {
    // Safe: every stored property is set in `init` only, and the runtime loads weak references atomically.
    private weak var object: AnyObject?
    private let reads: [ObjectIdentifier]
    private let rebox: @Sendable (AnyObject) -> AnyBox

    /// Keeps `entry` weakly; `nil` when its value is no object, which has no identity to keep weakly.
    init?(_ entry: ScopedDefault) {
        guard let object = entry.box.object else { return nil }
        self.object = object
        reads = entry.reads
        rebox = entry.box.rebox
    }

    /// The instance, boxed again, with the reads it was handed over with; `nil` once it was freed.
    var entry: ScopedDefault? {
        object.map { ScopedDefault(box: rebox($0), reads: reads) }
    }
}

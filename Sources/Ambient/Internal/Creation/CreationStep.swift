/// What a first reader does after looking at the creations under way.
enum CreationStep {
    /// Create the value: this thread registered the creation.
    case create(Creation)
    /// Look again: the creation this thread waited for is over.
    case retry
}

/// A created value on its way to where it belongs: what ``Root`` needs to place it and to report what it read.
struct Publication {
    let key: any DependencyKey.Type
    let creation: Creation
    let box: AnyBox
    /// Every key the creation read, transitively, and the keys its objects' properties named.
    let reads: [ObjectIdentifier]
    let directReads: [any DependencyKey.Type]
    /// The values the creation was read in: which scope overrides what it read decides where it belongs.
    let storage: ScopeNode
}

/// Where a published value went, and with which reads.
struct Outcome {
    let box: AnyBox
    let reads: [ObjectIdentifier]
    let rebuilt: Bool
    /// Keys this creation read that the key's first creation did not, reported now (<doc:Semantics#One-instance-per-key-per-scope>).
    var lateReads: [ObjectIdentifier] = []
    /// Whether this creation is the third value of a chain its root has not reported yet (``CreationLineage``).
    var isNewChain = false
}

/// A key that a later creation of a default read and its first creation did not: reported once per root.
struct LateRead: Hashable {
    let key: ObjectIdentifier
    let read: ObjectIdentifier
}

/// An override that a ``ScopeNode`` node sets itself: the node knows its depth and site, so they are not stored again.
struct OwnOverride {
    /// The key type; its identity is the key.
    let keyType: any DependencyKey.Type
    /// The value.
    let box: AnyBox

    /// The key's identity.
    @inline(__always)
    var key: ObjectIdentifier { ObjectIdentifier(keyType) }
}

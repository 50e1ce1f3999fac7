extension DependencyValues {
    /// The family of dependencies for `key`: what this scope set on it, over the members of this scope.
    ///
    /// Use it to implement a ``DependencyValues`` property for a ``DependencyFamilyKey``:
    ///
    /// ```swift
    /// extension DependencyValues {
    ///     var imageLoader: DependencyFamily<URL, ImageLoader> {
    ///         get { self[ImageLoaderKey.self] }
    ///         set { self[ImageLoaderKey.self] = newValue }
    ///     }
    /// }
    /// ```
    ///
    /// A member that no scope set is created in these values, once per argument, and kept with the members of the
    /// innermost scope that overrides a key the members read, else of the root.
    public subscript<Key: DependencyFamilyKey>(key: Key.Type) -> DependencyFamily<Key.Argument, Key.Member> {
        get {
            DependencyFamily(overrides: self[FamilyOverridesKey<Key>.self]) { [self] argument in
                member(of: key, for: argument)
            }
        }
        set { self[FamilyOverridesKey<Key>.self] = newValue.overrides }
    }

    /// The member of the family of `key` for `argument` that Ambient creates in these values.
    private func member<Key: DependencyFamilyKey>(of key: Key.Type, for argument: Key.Argument) -> Key.Member {
        if let creating = FamilyCreation.creating[ObjectIdentifier(key)]
            as? FirstMemberRequest<Key.Argument, Key.Member>,
            let members = creating.creatingMembers.withLock({ $0 })
        {
            return members.member(for: argument)
        }
        let request = FirstMemberRequest<Key.Argument, Key.Member>(key: ObjectIdentifier(key), argument: argument)
        let members = FamilyCreation.$request.withValue(request) { self[FamilyMembersKey<Key>.self] }
        return request.answer.withLock { $0 } ?? members.member(for: argument)
    }
}

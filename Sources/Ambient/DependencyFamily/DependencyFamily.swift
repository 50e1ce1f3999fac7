/// A family of dependencies, one member per argument: what a ``DependencyFamilyKey``'s property reads.
///
/// Read a member by its argument; the same argument gives the same member while the family keeps it:
///
/// ```swift
/// let loader = DependencyValues.current.imageLoader[url]
/// ```
///
/// A member that is an object is kept while something outside the family holds it: two readers of one argument
/// share it, and a member nobody holds any more is freed, so a family read with an unbounded set of arguments (every
/// URL a feed shows) keeps only the members in use. A member that is a value is kept as long as the family.
/// A key's members belong to a scope like any default: a scope that overrides a key they read has members of its
/// own, built from its values and freed with it.
///
/// Override one member in a scope, or the whole family:
///
/// ```swift
/// withDependencies {
///     $0.imageLoader[brokenURL] = ImageLoader(url: brokenURL, data: Data())  // this argument only
/// } operation: { ... }
///
/// withDependencies {
///     $0.imageLoader = DependencyFamily { url in ImageLoader(url: url, data: Data()) }  // every argument
/// } operation: { ... }
/// ```
///
/// A scope that overrides one member shares the others with the enclosing scope. A default that read a member while
/// it was created is rebuilt for a scope that overrides the family, one of its members or a key the member read, as
/// for any key it reads.
public struct DependencyFamily<Argument: Hashable & Sendable, Member: Sendable>: Sendable {
    /// What a scope sets on a family: the whole family, and members by argument. Stored as the family key's value.
    struct Overrides: Sendable {
        /// The members of a family made with ``DependencyFamily/init(_:)``, which replace the key's.
        var family: FamilyMembers<Argument, Member>?
        /// The members set one by one.
        var members: [Argument: Member] = [:]
    }

    /// What a scope set on the family, inherited ones included.
    private(set) var overrides: Overrides
    /// The key's member for an argument, in the values the family was read from.
    private let keyMember: @Sendable (Argument) -> Member

    /// A family whose members `make` creates, each once per argument while it is kept.
    ///
    /// Use it to override a whole family; `make` runs in the dependency values current here.
    ///
    /// ```swift
    /// $0.imageLoader = DependencyFamily { url in ImageLoader(url: url, data: Data()) }
    /// ```
    ///
    /// - Parameter make: Creates the member for an argument.
    public init(_ make: @escaping @Sendable (Argument) -> Member) {
        let members = FamilyMembers(values: DependencyValues.current, make: make)
        overrides = Overrides(family: members)
        keyMember = { members.member(for: $0) }
    }

    /// The family that values read: `overrides` on top of the key's members, which `keyMember` reads.
    init(overrides: Overrides, keyMember: @escaping @Sendable (Argument) -> Member) {
        self.overrides = overrides
        self.keyMember = keyMember
    }

    /// The member for `argument`: the one a scope set, else the one the family keeps, else a new one.
    ///
    /// - Parameter argument: The argument that picks the member.
    public subscript(argument: Argument) -> Member {
        get { overrides.members[argument] ?? overrides.family?.member(for: argument) ?? keyMember(argument) }
        set { overrides.members[argument] = newValue }
    }
}

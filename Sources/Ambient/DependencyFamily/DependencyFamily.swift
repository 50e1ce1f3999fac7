/// A family of dependencies, one member per argument: the value of a ``DependencyFamilyKey``.
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
/// The family itself is freed with the root or scope it belongs to, like any default.
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
/// it was created is rebuilt for a scope that overrides the family or one of its members, as for any key it reads.
public struct DependencyFamily<Argument: Hashable & Sendable, Member: Sendable>: Sendable {
    private let members: FamilyMembers<Argument, Member>
    private var overrides: [Argument: Member] = [:]

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
        self.init(values: DependencyValues.current, make: make)
    }

    /// A family whose members `make` creates in `values`.
    init(values: DependencyValues, make: @escaping @Sendable (Argument) -> Member) {
        members = FamilyMembers(values: values, make: make)
    }

    /// The member for `argument`: the one a scope set, else the one the family keeps, else a new one.
    ///
    /// - Parameter argument: The argument that picks the member.
    public subscript(argument: Argument) -> Member {
        get { overrides[argument] ?? members.member(for: argument) }
        set { overrides[argument] = newValue }
    }

    /// How many members the family keeps now: the objects still held and the values; never more than twice the
    /// members in use, plus a few.
    var keptCount: Int { members.keptCount }
}

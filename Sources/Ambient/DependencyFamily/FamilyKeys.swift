import Foundation

// A family is stored under two ordinary keys per family key, so that Ambient's rules for defaults apply to it
// unchanged (Semantics: created once per root; overrides reach derived defaults; one instance per key per scope):
//
// - `FamilyOverridesKey` holds what scopes set (the whole family, members by argument): a default that reads a member
//   reads it, so it is rebuilt for a scope that overrides the family or one of its members.
// - `FamilyMembersKey` holds the members Ambient created. Its creation creates the member whose read asked for it,
//   in the reading scope's values, so what that member reads is the members' reads: a scope that overrides one of
//   them gets members of its own, built from its values and freed with it, and the others share the enclosing ones.
//   Later members are created in the values the members were created from, so like a default's, a family's reads
//   are those of its first member in a root.

/// The key under which a scope's overrides of the family of `Key` are stored.
enum FamilyOverridesKey<Key: DependencyFamilyKey>: DependencyKey {
    static var defaultValue: DependencyFamily<Key.Argument, Key.Member>.Overrides { .init() }
    static var testingValue: DependencyFamily<Key.Argument, Key.Member>.Overrides { .init() }
}

/// The key under which the members of `Key` that Ambient created are stored: one per root, and one per scope that
/// overrides what the members read.
enum FamilyMembersKey<Key: DependencyFamilyKey>: DependencyKey {
    static var defaultValue: FamilyMembers<Key.Argument, Key.Member> { .created(for: Key.self, Key.defaultValue(for:)) }
    static var previewValue: FamilyMembers<Key.Argument, Key.Member> { .created(for: Key.self, Key.previewValue(for:)) }
    static var testingValue: FamilyMembers<Key.Argument, Key.Member> { .created(for: Key.self, Key.testingValue(for:)) }
}

/// What the read of a member passes to the creation of its family's members, on the reading task.
enum FamilyCreation {
    /// The read that asks for a family's members: its first member is created with them.
    @TaskLocal static var request: (any Sendable)?
    /// The requests whose members are being created on this task, by family key: a member that reads another of its
    /// family (a folder its parent) while they are created reads it there, since they are not stored yet.
    @TaskLocal static var creating: [ObjectIdentifier: any Sendable] = [:]
}

/// The read of the member for `argument` of the family of the key `key`, which the family's creation answers.
///
/// A value whose copies share its two locks: the read and the creation it hands the request to see one answer.
struct FirstMemberRequest<Argument: Hashable & Sendable, Member: Sendable>: Sendable {
    let key: ObjectIdentifier
    let argument: Argument
    /// The member the family's creation created for this read, held until the read returns it; nil if the members
    /// existed already (or another thread created them).
    let answer = ConditionLock<Member?>(nil)
    /// The members whose creation answers this read, while it runs: a task that the creation starts inherits
    /// ``FamilyCreation/creating``, and once the members are stored it reads them as any read does.
    let creatingMembers = ConditionLock<FamilyMembers<Argument, Member>?>(nil)
}

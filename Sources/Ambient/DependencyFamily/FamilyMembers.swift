/// The members of a ``DependencyFamily`` by argument: each created once, under any race, and kept while it is held
/// (an object) or for the family's life (a value).
final class FamilyMembers<Argument: Hashable & Sendable, Member: Sendable>: Sendable {
    private let values: DependencyValues
    private let make: @Sendable (Argument) -> Member
    private let state = ConditionLock(State())

    private struct State {
        var slots: [Argument: Slot] = [:]
        /// The count of slots at which the next sweep removes those of freed members: twice the count after the last.
        var nextSweep = 64

        /// Removes the slots of freed objects once the slots doubled since the last sweep, so that their count stays
        /// within twice the members in use (plus 64) at a constant cost per creation.
        mutating func sweepIfDue() {
            guard slots.count >= nextSweep else { return }
            slots = slots.filter { _, slot in if case .created(let member) = slot { member() != nil } else { true } }
            nextSweep = max(64, slots.count * 2)
        }
    }

    private enum Slot {
        /// Being created by the thread named.
        case creating(thread: UInt)
        /// Created: gives the member back, or `nil` once an object member was freed.
        case created(() -> Member?)

        /// The slot that keeps `member`: weakly if it is an object.
        static func keeping(_ member: Member) -> Slot {
            guard type(of: member as Any) is AnyClass else { return .created { member } }
            // NB: the object is the member, so the cast back always succeeds.
            return .created { [weak object = member as AnyObject] in object.map { $0 as! Member } }
        }
    }

    init(values: DependencyValues, make: @escaping @Sendable (Argument) -> Member) {
        self.values = values
        self.make = make
    }

    /// A key's members, created in the current values; if a read of one of this key's members asked for them, that
    /// member is created first, in the current values, so that Ambient counts what it reads as the members' reads.
    static func created<Key: DependencyFamilyKey>(
        for key: Key.Type,
        _ make: @escaping @Sendable (Argument) -> Member
    ) -> FamilyMembers where Key.Argument == Argument, Key.Member == Member {
        let members = FamilyMembers(values: DependencyValues.current, make: make)
        if let request = FamilyCreation.request as? FirstMemberRequest<Argument, Member>,
            request.key == ObjectIdentifier(key)
        {
            var creating = FamilyCreation.creating
            creating[ObjectIdentifier(key)] = request
            request.creatingMembers.withLock { $0 = members }
            let answer = FamilyCreation.$request.withValue(nil) {
                FamilyCreation.$creating.withValue(creating) {
                    members.member(for: request.argument, entering: false)
                }
            }
            request.answer.withLock { $0 = answer }
            request.creatingMembers.withLock { $0 = nil }
        }
        return members
    }

    /// The member for `argument`, created in the family's values if it has none; a read of the same argument on
    /// another thread meanwhile waits for it.
    ///
    /// - Parameters:
    ///   - argument: The argument that picks the member.
    ///   - entering: Whether the creation enters the family's values; the first member of a scope's family is
    ///     created in the values current already, so that Ambient records what it reads as the family's reads.
    func member(for argument: Argument, entering: Bool = true) -> Member {
        let thread = currentThreadID()
        // The member found, or `.some(nil)` once this thread claimed its creation; `nil` waits for another's.
        let found = state.waitFor { state -> Member?? in
            if case .creating(let creator) = state.slots[argument] {
                if creator == thread {
                    fatalError("Ambient: creating the member for \(VisibleText.of(argument)) reads that same member.")
                }
                return nil
            }
            if case .created(let member)? = state.slots[argument], let member = member() { return member }
            state.slots[argument] = .creating(thread: thread)
            state.sweepIfDue()
            return .some(nil)
        }
        if let found { return found }
        let member = entering ? withDependencies(values) { make(argument) } : make(argument)
        state.withLockBroadcasting { $0.slots[argument] = .keeping(member) }
        return member
    }

    /// How many slots the family has now.
    var keptCount: Int {
        state.withLock { $0.slots.count }
    }
}

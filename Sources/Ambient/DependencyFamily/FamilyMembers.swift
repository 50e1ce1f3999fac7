import Foundation

/// The members of a ``DependencyFamily`` by argument: each created once, under any race, and kept while it is held
/// (an object) or for the family's life (a value).
final class FamilyMembers<Argument: Hashable & Sendable, Member: Sendable>: @unchecked Sendable {
    // NB: @unchecked, and safe: `slots` and `nextSweep` are read and written only while `condition` is locked, and the
    // rest is immutable and Sendable.
    private let condition = NSCondition()
    private let values: DependencyValues
    private let make: @Sendable (Argument) -> Member
    private var slots: [Argument: Slot] = [:]
    /// The count of slots at which the next sweep removes those of freed members: twice the count after the last.
    private var nextSweep = 64

    private enum Slot {
        /// Being created by the thread named.
        case creating(ObjectIdentifier)
        /// An object, kept weakly.
        case object(Weak)
        /// A value, kept.
        case value(Member)
    }

    private struct Weak {
        weak var object: AnyObject?
    }

    init(values: DependencyValues, make: @escaping @Sendable (Argument) -> Member) {
        self.values = values
        self.make = make
    }

    /// The member for `argument`, created in the family's values if it has none; a read of the same argument on
    /// another thread meanwhile waits for it.
    ///
    /// - Parameters:
    ///   - argument: The argument that picks the member.
    ///   - entering: Whether the creation enters the family's values; the first member of a scope's family is
    ///     created in the values current already, so that Ambient records what it reads as the family's reads.
    func member(for argument: Argument, entering: Bool = true) -> Member {
        let thread = ObjectIdentifier(Thread.current)
        condition.lock()
        while true {
            switch slots[argument] {
            case .value(let member):
                condition.unlock()
                return member
            case .object(let weak):
                if let object = weak.object {
                    condition.unlock()
                    // NB: stored from a `Member` just below, so the cast back always succeeds.
                    return object as! Member
                }
            case .creating(let creator) where creator == thread:
                condition.unlock()
                fatalError("Ambient: creating the member for \(VisibleText.of(argument)) reads that same member.")
            case .creating:
                condition.wait()
                continue
            case nil:
                break
            }
            break
        }
        slots[argument] = .creating(thread)
        sweepIfDue()
        condition.unlock()
        let member = entering ? withDependencies(values) { make(argument) } : make(argument)
        condition.lock()
        slots[argument] =
            type(of: member as Any) is AnyClass ? .object(Weak(object: member as AnyObject)) : .value(member)
        condition.broadcast()
        condition.unlock()
        return member
    }

    /// How many slots the family has now.
    var keptCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return slots.count
    }

    /// Removes the slots of freed objects once the slots doubled since the last sweep, so that their count stays
    /// within twice the members in use (plus 64) at a constant cost per creation.
    private func sweepIfDue() {
        guard slots.count >= nextSweep else { return }
        slots = slots.filter { _, slot in
            if case .object(let weak) = slot { return weak.object != nil }
            return true
        }
        nextSweep = max(64, slots.count * 2)
    }
}

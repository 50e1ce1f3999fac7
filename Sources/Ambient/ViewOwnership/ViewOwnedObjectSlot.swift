/// What a `@DependencyObject` or `@DependencyState` property holds between SwiftUI's updates.
///
/// SwiftUI makes a new copy of a view each time its parent's body runs, and each copy makes a new candidate storage;
/// only the first one's is kept for the view's identity (in `@State`). Once SwiftUI installed the copy, reads go to
/// that kept storage; before, to the copy's own candidate, whose read is reported (see ``ViewOwnedObject/object``).
/// So a read never reaches SwiftUI's storage before it is installed, which would make SwiftUI warn. Once installed,
/// a copy whose candidate is not the kept storage has that candidate let go of anything an early read built.
struct ViewOwnedObjectSlot<Object: AnyObject> {
    /// The storage this copy of the view made; the kept one, if it is the first copy.
    let candidate: ViewOwnedObject<Object>
    private var kept: ViewOwnedObject<Object>?

    init(_ candidate: ViewOwnedObject<Object>) {
        self.candidate = candidate
    }

    /// The object: the kept storage's once installed, else the candidate's.
    var object: Object { (kept ?? candidate).object }

    /// Records the storage SwiftUI keeps for the view's identity, at an update.
    mutating func installed(_ kept: ViewOwnedObject<Object>) {
        guard self.kept !== kept else { return }
        self.kept = kept
        if kept !== candidate { candidate.letGoOfUnkeptObject() }
    }
}

/// Collects the keys read through one set of values while it is open.
///
/// A default built from other dependencies must be rebuilt for a scope that overrides any of them
/// (<doc:LifetimesAndCaching>): while a default is created, its recorder collects every key read, transitively.
/// `@Dependency` uses a recorder too, once per scope and key path, to find which key a `DependencyValues` property
/// reads (``DependencyValues/resolve(_:)``).
@usableFromInline
final class ReadRecorder: @unchecked Sendable {
    // Safe: `atomicWords` is only reached through atomic operations after `init`. `state` is read and written on
    // one thread only, `thread`, the one that made the recorder: `record` and the `name`s check it (through
    // `records`), and `close` is called by the synchronous creation or key-path probe that made it, which has not
    // returned yet, so it still runs on that thread (`close` asserts it). So no lock: a first read takes none here.

    /// Word 0: 1 while open. Must stay the first stored property (see `AtomicWords`).
    private var atomicWords = AtomicWords()
    private struct State {
        var keys: Set<ObjectIdentifier> = []
        var direct: [any DependencyKey.Type] = []
        /// The keys of `@Dependency` properties created while open, whose values were not read.
        var named: [any DependencyKey.Type] = []
        /// The key paths of properties created whose keys are not known yet (key paths never read).
        var unresolved: [any AnyObject & Sendable] = []
    }
    private var state = State()
    private var open: AtomicWord { AtomicWords.word(0, of: self) }
    /// The thread that opened the recorder: only its reads are recorded. A creation is synchronous, so reads made
    /// on other threads while it is open — by a task or a Dispatch block that its `init` started — are not its own.
    private let thread = currentThreadID()
    /// What reads of a key whose value has `answerType` return instead of the key's value (see
    /// ``DependencyValues/assign(_:_:)``); `nil` for a recorder that only records.
    ///
    /// NB: `Any`, as the key path's value type need not be `Sendable`; sound because it is a `let` that is set in
    /// `init` and only read by the probe that owns this recorder, on the thread that made it.
    private let answer: Any?
    private let answerType: Any.Type?

    init() {
        answer = nil
        answerType = nil
        open.storeRelaxed(1)
    }

    /// A recorder whose values answer every read of a key of type `Value` with `answer`, creating nothing.
    init<Value>(answering answer: Value) {
        self.answer = answer
        answerType = Value.self
        open.storeRelaxed(1)
    }

    /// The answer to a read of a key whose value has type `Requested`, if this recorder gives one.
    @inline(__always)
    func answer<Requested>(as _: Requested.Type) -> Requested? {
        guard let answerType, answerType == Requested.self else { return nil }
        return answer as? Requested
    }

    /// Whether the atomic words are where ``AtomicWords`` looks for them.
    var atomicWordsAreFirst: Bool { AtomicWords.areFirst(in: self, at: &atomicWords) }

    /// Whether reads are still recorded. A closed recorder costs one atomic load per read.
    @inline(__always)
    var isOpen: Bool { open.loadAcquiring() != 0 }

    /// Whether a read made now is this recorder's: it is open, and this is its thread.
    @inline(__always)
    private var records: Bool { isOpen && currentThreadID() == thread }

    /// Notes that `key` was read, and with it the keys its own default was built from.
    func record(_ key: any DependencyKey.Type, reads: [ObjectIdentifier]) {
        guard records else { return }
        state.direct.append(key)
        state.keys.insert(ObjectIdentifier(key))
        state.keys.formUnion(reads)
    }

    /// Notes a `@Dependency` created while open, without reading it (<doc:Semantics#Lazy-is-lazy>): its key names
    /// what the creation depends on.
    func name(_ key: any DependencyKey.Type) {
        guard records else { return }
        state.named.append(key)
    }

    /// Notes a `@Dependency` created while open whose key path's key is learned from the key path's first read
    /// (``PropertyKeys``): by its key if that is known, else by the key path.
    func name(keyPath: any AnyObject & Sendable) {
        guard records else { return }
        if let key = PropertyKeys.key(for: keyPath) {
            state.named.append(key)
        } else {
            state.unresolved.append(keyPath)
        }
    }

    /// Stops recording (values created now may outlive the creation) and returns every key read, transitively, the keys read directly (in order, repeats included), the keys of the properties
    /// created meanwhile, and the key paths of those whose keys are not known yet.
    func close() -> (
        reads: [ObjectIdentifier], direct: [any DependencyKey.Type], named: [any DependencyKey.Type],
        unresolved: [any AnyObject & Sendable]
    ) {
        assert(currentThreadID() == thread, "a recorder is closed on the thread that made it")
        open.storeReleasing(0)
        return (Array(state.keys), state.direct, state.named, state.unresolved)
    }
}

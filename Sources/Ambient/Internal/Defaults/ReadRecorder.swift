// What values read: the recorder that collects a creation's reads, what a creation depends on through a property it
// names, the probe that runs a key path on values to find the key behind a property, and the key each key path was
// seen to read, learned process-wide (`PropertyKeys`).

/// Collects the keys read through one set of values while it is open.
///
/// A default built from other dependencies must be rebuilt for a scope that overrides any of them
/// (<doc:LifetimesAndCaching>): while a default is created, its recorder collects every key read, transitively.
/// `@Dependency` uses a recorder too, once per scope and key path, to find which key a `DependencyValues` property
/// reads (``DependencyValues/resolve(_:)``).
@usableFromInline
final class ReadRecorder: @unchecked Sendable {
    // Safe: `atomicWords` is only reached through atomic operations after `init`. What it heard is read and written on
    // one thread only, `thread`, the one that made the recorder: `record` and the `name`s check it (through
    // `records`), and `close` is called by the synchronous creation or key-path probe that made it, which has not
    // returned yet, so it still runs on that thread (`close` asserts it). So no lock: a first read takes none here.

    /// Word 0: 1 while open. Must stay the first stored property (see `AtomicWords`).
    private var atomicWords = AtomicWords()
    /// Every key read, transitively; ``KeyInfo/anyOverride`` for a property named by a key path whose key is not
    /// known yet.
    private var keys: Set<ObjectIdentifier> = []
    private var direct: [any DependencyKey.Type] = []
    /// The keys of `@Dependency` properties created while open, whose values were not read.
    private var named: [any DependencyKey.Type] = []
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

    /// A recorder that only records; given `answer` and its type, one whose values answer every read of a key of
    /// that type with it, creating nothing.
    init(answering answer: Any? = nil, of answerType: Any.Type? = nil) {
        self.answer = answer
        self.answerType = answerType
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
        direct.append(key)
        keys.insert(ObjectIdentifier(key))
        keys.formUnion(reads)
    }

    /// Notes a `@Dependency` created while open, without reading it (<doc:Semantics#Lazy-is-lazy>): its key names
    /// what the creation depends on.
    func name(_ key: any DependencyKey.Type) {
        guard records else { return }
        named.append(key)
    }

    /// Notes a `@Dependency` created while open whose key path's key is learned from the key path's first read
    /// (``PropertyKeys``): by its key if that is known, else as depending on any override.
    func name(keyPath: any AnyObject & Sendable) {
        guard records else { return }
        if let key = PropertyKeys.key(for: keyPath) {
            named.append(key)
        } else {
            keys.insert(KeyInfo.anyOverride)
        }
    }

    /// What a recorder heard: every key read, transitively, the keys read directly (in order, repeats included), and
    /// the keys of the properties created meanwhile.
    typealias Closed = (reads: [ObjectIdentifier], direct: [any DependencyKey.Type], named: [any DependencyKey.Type])

    /// Stops recording (values created now may outlive the creation) and returns what it heard.
    func close() -> Closed {
        assert(currentThreadID() == thread, "a recorder is closed on the thread that made it")
        open.storeReleasing(0)
        return (Array(keys), direct, named)
    }
}

extension Root {
    /// What a creation depends on, from what its recorder closed with: every key it read, transitively, and every key
    /// its properties name with what they read; any override for a key path not known yet. Not its own key.
    func reads(
        closedWith closed: ReadRecorder.Closed, by creation: Creation, in storage: ScopeNode
    ) -> [ObjectIdentifier] {
        var reads = Set(closed.reads)
        for key in closed.named where ObjectIdentifier(key) != creation.key {
            reads.formUnion(namedReads(of: key, by: creation, in: storage))
        }
        reads.remove(creation.key)
        return Array(reads)
    }

    /// What a creation depends on through a `@Dependency` property it created on `key`, without reading it: the
    /// key, and the keys its default is known to read; any override, while those are not known yet.
    ///
    /// A key under way around the creation on this thread (a session whose property names the client being
    /// created) is not known yet either. Waiting for it would hold the creation's value from every other thread
    /// until the outer creation ends, and work that the outer creation starts and waits for may need that value:
    /// no creation waits for another's publication.
    private func namedReads(
        of key: any DependencyKey.Type, by creation: Creation, in storage: ScopeNode
    ) -> [ObjectIdentifier] {
        let id = ObjectIdentifier(key)
        if storage.override(for: id) != nil { return [id] }
        var outer = creation.parent
        while let current = outer, current.key != id || current.context != creation.context {
            outer = current.parent
        }
        if outer != nil { return [id, KeyInfo.anyOverride] }
        guard let info = keyInfo(for: id, in: creation.context) else { return [id, KeyInfo.anyOverride] }
        return [id] + info.reads
    }
}

/// Values one scope inside a node that record which keys a `DependencyValues` key path's getter or setter reads
/// there: the one way Ambient finds the key behind a property (to cache the property's value, to set an override
/// without reading what it replaces, and to explain a value).
struct KeyPathProbe {
    private let recorder: ReadRecorder
    /// The values to run the key path on.
    var values: DependencyValues

    /// A probe on `storage` whose reads return the keys' values, or what `recorder` answers.
    init(on storage: ScopeNode, recorder: ReadRecorder = ReadRecorder()) {
        self.recorder = recorder
        values = DependencyValues(storage: ScopeNode(parent: storage, recorder: recorder))
    }

    /// Stops recording and returns the keys read so far, in order, repeats included.
    func keysRead() -> [any DependencyKey.Type] {
        recorder.close().direct
    }
}

/// Which key each `DependencyValues` key path reads, as learned from its reads.
///
/// A `@Dependency` created while a default is created names its key without reading it
/// (<doc:Semantics#Lazy-is-lazy>). A property declared with its key names it directly; one declared with a key path
/// names the key that the key path's getter was seen to read the first time it was read anywhere in the process.
/// Until then its key is unknown, and the default is kept for the innermost scope that overrides anything.
///
/// Lock-free, so that a first read through `@Dependency(\.key)` takes no lock of its own here: one fixed
/// ``LockFreePairs`` of twice ``capacity`` pairs (the key path's identity, then its ``Learned``, retained and never
/// released), which any number of threads fill at once. Two threads learning one key path race for its pair; the
/// loser frees its entry.
enum PropertyKeys {
    /// One key path's key.
    ///
    /// NB: the key path is held `unowned`, not `weak` and not strongly. A weak reference would give every learned key
    /// path a side table, which sends each retain and release of it — one per `@Dependency` built — down the
    /// runtime's slow path; a strong one would keep key paths built at run time (`\.[item: id]`) alive. An unowned
    /// reference lets the key path be freed but keeps its memory allocated, so its address, and with it its
    /// identity, is never taken by another key path while the entry exists. It is never dereferenced.
    private final class Learned: Sendable {
        unowned(safe) let keyPath: any AnyObject & Sendable
        let key: any DependencyKey.Type

        init(keyPath: any AnyObject & Sendable, key: any DependencyKey.Type) {
            self.keyPath = keyPath
            self.key = key
        }
    }

    /// The most key paths learned: past it, key paths built at run time are not learned, and properties declared
    /// with them count as naming an unknown key (see ``ReadRecorder``).
    static let capacity = 4_096

    /// Never freed: the entries live as long as the process.
    private static let table = LockFreePairs(capacity: 2 * capacity)

    /// The key that `keyPath` reads, if a read of it has shown it.
    static func key(for keyPath: any AnyObject & Sendable) -> (any DependencyKey.Type)? {
        let bits = table.value(for: UInt(bitPattern: ObjectIdentifier(keyPath)))
        return bits == 0 ? nil : unmanaged(bits, as: Learned.self).takeUnretainedValue().key
    }

    /// Notes that a read of `keyPath` read exactly `key`, itself.
    static func learn(_ keyPath: any AnyObject & Sendable, reads key: any DependencyKey.Type) {
        let identity = UInt(bitPattern: ObjectIdentifier(keyPath))
        guard table.value(for: identity) == 0 else { return }
        let learned = retainedBits(Learned(keyPath: keyPath, key: key))
        if !table.insert(learned, for: identity) { unmanaged(learned, as: Learned.self).release() }
    }
}

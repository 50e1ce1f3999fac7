// Which `@Dependency` key paths a scope may cache, and the long read that decides it: a key path whose getter
// returns one key's value as it is can skip the getter afterwards, unless caching the value would make the scope hold
// what may hold it (see `ScopeNode.mayCacheValue(of:)`); and the probe that finds which keys a key path reads.

extension DependencyValues {
    /// The value of a type key known only as an existential; the caller guarantees that its value is `Value`.
    @usableFromInline
    func value<Key: DependencyKey, Value>(ofTypeKey key: Key.Type, as _: Value.Type) -> Value {
        // NB: `Dependency.init(_:)` only accepts keys whose `Value` is the wrapper's `Value`, so this cast is an
        // identity; `unsafeBitCast` skips the dynamic cast that `as!` would make.
        unsafeBitCast(self[key], to: Value.self)
    }

    /// Reads a `@Dependency` key path the long way, and caches its value in these values when that is safe.
    ///
    /// The value of a key in a given set of values never changes, so when the key path's getter reads exactly one
    /// key and returns that key's value itself — a property written `get { self[Key.self] }` — the value is cached
    /// and later reads skip the key path. A getter that computes something (`self[DateKey.self].now`, a sum, a
    /// transformed copy) returns a different type or different bits, and is run on every read. So is a getter whose
    /// value these values may not cache because it may hold them (``ScopeNode/mayCacheValue(of:)``).
    @usableFromInline
    func resolve<Value: Sendable>(_ keyPath: any KeyPath<DependencyValues, Value> & Sendable) -> Value {
        let id = ObjectIdentifier(keyPath)
        guard !storage.isRecording, storage.keyPathBits(id) != KeyPathPairs.uncacheable else {
            return self[keyPath: keyPath]
        }
        let probe = KeyPathProbe(on: storage)
        let value = probe.values[keyPath: keyPath]
        let reads = probe.keysRead()
        if reads.count == 1 { PropertyKeys.learn(keyPath, reads: reads[0]) }
        if reads.count == 1, let direct = reads[0].value(in: self, as: Value.self),
            isBitwiseIdentical(value, direct), storage.mayCacheValue(of: ObjectIdentifier(reads[0]))
        {
            storage.cache(Box(value), for: id, keeping: keyPath)
        } else {
            storage.cache(nil, for: id, keeping: keyPath)
        }
        return value
    }
}

extension DependencyKey {
    /// The key's value in `values`, if its type is `Requested`.
    fileprivate static func value<Requested>(in values: DependencyValues, as _: Requested.Type) -> Requested? {
        guard Value.self == Requested.self else { return nil }
        return values[Self.self] as? Requested
    }
}

/// Values one scope inside a node that record which keys a `DependencyValues` key path's getter or setter reads
/// there: the one way Ambient finds the key behind a property (to cache the property's value, to set an override
/// without reading what it replaces, and to explain a value).
struct KeyPathProbe {
    private let recorder: ReadRecorder
    /// The values to run the key path on.
    var values: DependencyValues

    /// A probe on `storage` whose reads return the keys' values.
    init(on storage: ScopeNode) {
        self.init(on: storage, recorder: ReadRecorder())
    }

    /// A probe on `storage` whose reads of a key whose value has `Value`'s type answer `answer`, creating nothing.
    init<Value>(on storage: ScopeNode, answering answer: Value) {
        self.init(on: storage, recorder: ReadRecorder(answering: answer))
    }

    private init(on storage: ScopeNode, recorder: ReadRecorder) {
        self.recorder = recorder
        values = DependencyValues(storage: ScopeNode(parent: storage, recorder: recorder))
    }

    /// Stops recording and returns the keys read so far, in order, repeats included.
    func keysRead() -> [any DependencyKey.Type] {
        recorder.close().direct
    }
}

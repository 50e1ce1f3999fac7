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

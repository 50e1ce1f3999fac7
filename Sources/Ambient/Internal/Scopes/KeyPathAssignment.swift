extension DependencyValues {
    /// Sets the dependency behind `keyPath` to `value` without reading the value it replaces.
    ///
    /// Writing through a `WritableKeyPath` to a computed property runs its getter before its setter, so
    /// `values[keyPath: \.api] = DemoAPI()` would create the live API client that `DemoAPI` replaces, report it
    /// in the testing context when it has no testing value, and freeze these values while building it. Every API
    /// that takes a key path and a value (`View.dependency(_:_:)`, `Scene.dependency(_:_:)`, the `.dependency`
    /// test trait) sets it here instead.
    ///
    /// The key path runs once on a probe: a child of these values whose reads of a key of type `Value` are
    /// answered with `value` itself and create nothing. When its getter read exactly one key and its setter set
    /// exactly that key — a property written `get { self[Key.self] } set { self[Key.self] = newValue }` — the
    /// override the setter made is set here, as it is. A property that computes what it sets (`\.api.baseURL`
    /// changes a part of the API client) needs the value it changes, and is written through the key path.
    ///
    /// - Parameters:
    ///   - keyPath: The dependency, such as `\.api`.
    ///   - value: Its new value.
    mutating func assign<Value>(_ keyPath: WritableKeyPath<DependencyValues, Value>, _ value: Value) {
        guard let override = plainOverride(setting: keyPath, to: value) else {
            self[keyPath: keyPath] = value
            return
        }
        set(override.box, for: override.keyType)
    }

    /// The override that setting `keyPath` to `value` makes, when `keyPath` is a plain property of one key; `nil`
    /// for a property that computes what it sets.
    ///
    /// NB: a function of its own, so that the probe, which holds these values' storage, is gone before the caller
    /// sets the override: the storage must be uniquely referenced to be changed in place, keeping its call site.
    private func plainOverride<Value>(
        setting keyPath: WritableKeyPath<DependencyValues, Value>,
        to value: Value
    ) -> Override? {
        var probe = KeyPathProbe(on: storage, recorder: ReadRecorder(answering: value, of: Value.self))
        probe.values[keyPath: keyPath] = value
        let reads = probe.keysRead()
        let layer = probe.values.storage.layer
        guard probe.values.storage.context == context, layer.count == 1,
            reads.allSatisfy({ ObjectIdentifier($0) == layer[0].key })
        else { return nil }
        return layer[0]
    }
}

extension DependencyValues {
    /// A scope on top of these values that sets the dependency behind `keyPath` to `value`, written at
    /// `fileID`:`line`, without reading the value it replaces: for the `.dependency(_:_:)` test trait.
    ///
    /// - Parameters:
    ///   - keyPath: The dependency.
    ///   - value: Its value in the new scope.
    ///   - fileID: Where the override is written.
    ///   - line: The line.
    package mutating func assign<Value>(
        _ keyPath: WritableKeyPath<DependencyValues, Value>,
        _ value: Value,
        fileID: StaticString,
        line: UInt
    ) {
        self = DependencyValues(scopeOf: self, at: CallSite(fileID: fileID, line: line))
        assign(keyPath, value)
    }
}

/// A collection of dependencies, read by key, that flows down a scope or a view tree.
///
/// `DependencyValues` plays the part of SwiftUI's `EnvironmentValues` for dependencies. Extend it with a property
/// per dependency, backed by a ``DependencyKey``:
///
/// ```swift
/// extension DependencyValues {
///     var api: any API {
///         get { self[APIKey.self] }
///         set { self[APIKey.self] = newValue }
///     }
/// }
/// ```
///
/// Read values with ``Dependency`` or from ``current``; override them for a scope with
/// ``withDependencies(_:operation:fileID:line:)`` or for a SwiftUI subtree with `.dependency(\.api, DemoAPI())`.
/// A value that nothing overrides is the key's value for the ``context``, created once per root on first read.
///
/// `DependencyValues` is a value type: setting a key changes this copy only. Copies share storage, so copying is
/// cheap, and setting a key costs the same however many keys are already set.
public struct DependencyValues: Sendable {
    @usableFromInline var storage: ScopeNode

    init(storage: ScopeNode) {
        self.storage = storage
    }

    /// Values with no overrides, on the root of the current scope (the process, or the running test).
    ///
    /// Unset keys read their value for the detected ``DependencyContext``. To start from the values of the current
    /// scope instead, use ``current``.
    public init() {
        storage = ScopeNode(rootNodeOf: DependencyValues.current.storage)
    }

    /// The value of the dependency for `key`: the innermost override, else the key's value for ``context``.
    ///
    /// Use it to implement a ``DependencyValues`` property, or directly with a type key:
    ///
    /// ```swift
    /// let clock = DependencyValues.current[Clock.self]
    /// ```
    @inlinable
    public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
        get {
            let location = storage.createdValue(for: ObjectIdentifier(key))
            if let value = ScopeNode.value(at: location, as: Key.Value.self) {
                return value
            }
            return resolve(key)
        }
        set {
            // NB: inlined into the caller, where the value's type is known: a small value is copied into the node
            // (see `InlineValue`), and a box is made where `Box<Key.Value>`'s metadata is a cached load; made inside
            // Ambient, it would be looked up in the runtime's generic metadata cache every time.
            if InlineValue.fits(Key.Value.self) {
                prepareStorageForWriting()
                storage.set(inline: consume newValue, for: key, key: ObjectIdentifier(key))
            } else {
                set(Box(newValue), for: key)
            }
        }
    }

    /// Reads `key` the long way: records the read, creates or rebuilds its default if needed.
    @usableFromInline
    func resolve<Key: DependencyKey>(_ key: Key.Type) -> Key.Value {
        let id = ObjectIdentifier(key)
        // NB: before the overrides are looked at, which would build (and so freeze) the enclosing scope's map.
        if let recorder = storage.recorder, let answer = recorder.answer(as: Key.Value.self) {
            recorder.record(key, reads: [])
            return answer
        }
        if let override = storage.override(for: id) {
            storage.recorder?.record(key, reads: [])
            return override.box.unbox(as: Key.Value.self)
        }
        let resolved = storage.root.defaultValue(of: key, id: id, in: storage)
        if let recorder = storage.recorder {
            recorder.record(key, reads: resolved.reads)
        } else {
            storage.cacheDefault(resolved.box, for: id)
        }
        return resolved.box.unbox(as: Key.Value.self)
    }

    /// Overrides `key` with the value in `box` in these values only.
    @usableFromInline
    mutating func set(_ box: consuming AnyBox, for key: any DependencyKey.Type) {
        writableStorage().set(box, for: key, key: ObjectIdentifier(key))
    }

    /// The context whose values unset keys give: the detected one, unless a scope chose another.
    ///
    /// Setting it switches every key that this scope does not override, a "demo mode" for one subtree:
    ///
    /// ```swift
    /// ContentView().dependencies { $0.context = .preview }
    /// ```
    public var context: DependencyContext {
        get { storage.context }
        set { writableStorage().setContext(newValue) }
    }

    /// A new scope inside `outer` whose overrides remember `site`, for `withDependencies`' update.
    @inline(__always)
    init(scopeOf outer: consuming DependencyValues, at site: CallSite?) {
        storage = ScopeNode(parent: outer.storage, site: site)
    }

    /// The values that the scope opened by ``init(scopeOf:at:)`` inside the node at `outer` was opened in, when the
    /// update left the scope as it was, so that an update that sets nothing costs nothing later (key path caches
    /// live per scope); otherwise these values.
    ///
    /// `outer` is only compared, never dereferenced, so the caller need not hold it: should an update have replaced
    /// the values it was given, and so freed both the new node and the outer values, a node that sits at their
    /// address and is the parent of one that sets nothing reads the same as that one, and it is alive, held by it.
    @inline(__always)
    func trimmed(toParent outer: Unmanaged<ScopeNode>) -> DependencyValues {
        guard storage.isChild(of: outer), !storage.setsOverrides, let parent = storage.parent,
            storage.context == parent.context
        else { return self }
        return DependencyValues(storage: parent)
    }

    /// This copy's storage, made unique (and unfrozen) first, so that it can be changed in place.
    ///
    /// NB: inlined into the setters, and so into a scope's update, with the new node made out of line: it is two
    /// checks when the node may already be written (in a scope's update, always).
    @inline(__always)
    private mutating func writableStorage() -> ScopeNode {
        let isUnique = isKnownUniquelyReferenced(&storage)
        if !isUnique || storage.isFrozen { replaceStorage(continuingScope: isUnique) }
        return storage
    }

    /// Makes the storage unique (and unfrozen), for an inlined setter, which then changes `storage` in place.
    ///
    /// NB: returns nothing: a reference returned from a call comes back retained, and the caller would then
    /// release it.
    @usableFromInline
    mutating func prepareStorageForWriting() {
        _ = writableStorage()
    }

    /// Replaces the storage with a new child of it, which nothing else references yet. When only these values
    /// referenced it but a read froze it (a default rebuilt for it, its map of overrides), the child carries on its
    /// scope (`continuingScope`): the overrides set from now on were written where the ones before them were (in a
    /// `withDependencies` update, by the same call).
    private mutating func replaceStorage(continuingScope: Bool) {
        storage =
            continuingScope
            ? ScopeNode(parent: storage, site: storage.site, continuing: true) : ScopeNode(parent: storage)
    }
}

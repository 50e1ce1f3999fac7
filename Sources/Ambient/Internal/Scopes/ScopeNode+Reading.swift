// Reading a node: the fast path of created values and cached key paths, what the caches may hold, and the scopes a
// default rebuilt for these values belongs to.

public import AmbientAtomics

extension ScopeNode {

    /// Where the value of `key` is here when it needs no work: overridden, or a default already created for the
    /// root. ``value(at:as:)`` reads it.
    ///
    /// The answer is the address of the value (``valueAddress(in:)``), in a box or in this node (``InlineValue``),
    /// which lives as long as these values. 0 sends the read to the slow path (``DependencyValues/resolve(_:)``): a
    /// default to create, one rebuilt for a scope, or a read that must be recorded.
    ///
    /// NB: an address, so that the inlined reader is one load whether the value is boxed or inline: a getter
    /// that branches on where the value is grows past what the optimizer inlines into a caller's loop.
    @usableFromInline
    func createdValue(for key: ObjectIdentifier) -> UInt {
        if isRecording { return 0 }
        if hasOverrides {
            let found = overrideValue(for: key)
            if found != 0 { return found }
        }
        // NB: a snapshot publishes nothing for the read path, so its values' reads go the long way.
        let skippingDerived = hasOverrides
        let created = Self.valueAddress(
            in: sourceReference._withUnsafeGuaranteedRef {
                $0.createdDefault(for: key, in: context, skippingDerived: skippingDerived)
            })
        // A default rebuilt for an enclosing scope, which an earlier read here cached (``cacheDefault(_:for:)``).
        guard created == 0, skippingDerived else { return created }
        return Self.cachedValueAddress(in: .passUnretained(self), forKeyPath: key)
    }

    /// Caches `box`, the default of `key` that a read here found the long way, where ``createdValue(for:)`` probes:
    /// when these values hold the box already (``mayCacheValue(of:)``): the instance a key has in one set of values
    /// never changes.
    func cacheDefault(_ box: AnyBox, for key: ObjectIdentifier) {
        guard hasOverrides, source.mayCache(key, readIn: self) else { return }
        cache(box, for: key, keeping: nil)
    }

    /// The value that ``createdValue(for:)`` found at `address`, of the key's type `Value`; `nil` for none.
    @inlinable @inline(__always)
    static func value<Value: Sendable>(at address: UInt, as _: Value.Type) -> Value? {
        guard let address = UnsafeRawPointer(bitPattern: address) else { return nil }
        return (address + AnyBox.valueOffset(of: Value.self)).assumingMemoryBound(to: Value.self).pointee
    }

    /// Where `box`'s value starts, as ``createdValue(for:)`` answers (0 for no box): right after the object's
    /// header, for a value aligned to at most the header's size; ``AnyBox/valueOffset(of:)`` adds what an
    /// over-aligned one needs.
    @inlinable @inline(__always)
    static func valueAddress(in box: Unmanaged<AnyBox>?) -> UInt {
        guard let box else { return 0 }
        return UInt(bitPattern: box._withUnsafeGuaranteedRef { _getUnsafePointerToStoredProperties($0) })
    }

    /// Where the value a `@Dependency` key path resolved to in `storage` is, if it was cached, as
    /// ``createdValue(for:)`` answers: in its box; 0 if it was not. The probe that every getter inlines
    /// (``KeyPathPairs``).
    @inlinable @inline(__always)
    static func cachedValueAddress(in storage: Unmanaged<ScopeNode>, forKeyPath keyPath: ObjectIdentifier) -> UInt {
        guard let bits = publishedPairs(of: storage)?.boxBits(for: keyPath), bits > KeyPathPairs.uncacheable else {
            return 0
        }
        return valueAddress(in: Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped))
    }

    /// The pairs that `storage`'s key-path cache published last, if it has any entry yet (`keyPathPairs`, loaded
    /// from the node's address so that a getter can inline it).
    @inlinable @inline(__always)
    static func publishedPairs(of storage: Unmanaged<ScopeNode>) -> KeyPathPairs? {
        let words = storage._withUnsafeGuaranteedRef { _getUnsafePointerToStoredProperties($0) }
        let published = ambient_load_acquire(words.assumingMemoryBound(to: UInt.self) + keyPathPairsWord)
        return UnsafeMutablePointer<UInt>(bitPattern: published).map(KeyPathPairs.init(words:))
    }

    /// The bits the pairs hold for `keyPath` (``KeyPathPairs/boxBits(for:)``): 0 for none.
    func keyPathBits(_ keyPath: ObjectIdentifier) -> UInt {
        Self.publishedPairs(of: .passUnretained(self))?.boxBits(for: keyPath) ?? 0
    }

    /// The value a `@Dependency` key path resolved to in these values, if the pairs hold it (for tests). Not
    /// retained.
    func cachedValue(forKeyPath keyPath: ObjectIdentifier) -> Unmanaged<AnyBox>? {
        let bits = keyPathBits(keyPath)
        guard bits > KeyPathPairs.uncacheable else { return nil }
        return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
    }

    /// Records in the key-path cache `box` (`nil`: a getter that computes its value, run on every read) as what the
    /// key path or key type `identity` resolves to here, keeping `keyPath` alive.
    func cache(_ box: AnyBox?, for identity: ObjectIdentifier, keeping keyPath: (any AnyObject & Sendable)?) {
        let cache = keyPathValues.load() ?? keyPathValues.storeIfNil(KeyPathCache())
        cache.insert(box, for: identity, keeping: keyPath) { keyPathPairs.storeReleasing(UInt(bitPattern: $0)) }
    }

    /// Whether a cache here may hold the value that a read of `key` finds here: only when these values already hold
    /// it, or it is never freed.
    ///
    /// This is the ownership rule's one test (<doc:LifetimesAndCaching>). A cache adds an edge from this node to
    /// the value it caches; the edge can close a cycle only if the value was not already reachable from here and
    /// can be freed. An override is held by the node that sets it; what a default is, the source says
    /// (``DefaultSource/mayCache(_:readIn:)``).
    func mayCacheValue(of key: ObjectIdentifier) -> Bool {
        override(for: key) != nil || source.mayCache(key, readIn: self)
    }

    /// The scope at `depth` that these values descend from: an ancestor, itself, or for a snapshot the scope that
    /// set the overrides at that depth while it lives; once that scope ended, the snapshot's own node, which keeps
    /// what is built for the snapshot alone (<doc:Semantics#A-first-read-after-the-end-belongs-to-the-reader>).
    func ancestor(atDepth depth: Int) -> ScopeNode {
        var node = self
        while node.depth > depth {
            guard let parent = node.parent else { return node.source.origin(atDepth: depth) ?? node }
            node = parent
        }
        return node
    }
}

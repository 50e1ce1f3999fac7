// Reading a node: the fast path of created values, the overrides visible here (its own few, then the map of every
// inherited one, built once), what its caches may hold, and the scope a default read here belongs to.

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

    /// Where the value of the override for `key` visible here is, if any, as ``createdValue(for:)`` answers: in
    /// its box, or in this node; 0 if there is none.
    @inline(__always)
    func overrideValue(for key: ObjectIdentifier) -> UInt {
        if let firstKeyType {
            if moreOwn.count > 3 {
                return Self.valueAddress(in: allOverridesUnmanaged()._withUnsafeGuaranteedRef { $0.findBox(key) })
            }
            if ObjectIdentifier(firstKeyType) == key {
                guard let firstBox else { return UInt(bitPattern: InlineValue.address(in: .passUnretained(self))) }
                return Self.valueAddress(in: Unmanaged.passUnretained(firstBox))
            }
            for index in moreOwn.indices where moreOwn[index].key == key {
                return Self.valueAddress(in: Unmanaged.passUnretained(moreOwn[index].box))
            }
        }
        guard inheritedCount != 0 else { return 0 }
        return Self.valueAddress(in: inheritedOverridesUnmanaged()._withUnsafeGuaranteedRef { $0.findBox(key) })
    }

    /// Every override visible in the enclosing scope (or inherited by a snapshot), without retaining the map.
    @inline(__always)
    func inheritedOverridesUnmanaged() -> Unmanaged<OverrideMap> {
        // NB: through `Unmanaged`, so that the parent is not retained around the probe: every scope below one
        // node reads through it, from any thread.
        if let parentReference { return parentReference._withUnsafeGuaranteedRef { $0.allOverridesUnmanaged() } }
        // A top node inherits overrides only in a snapshot, which stores them as its map from the start.
        return visibleOverrides.loadUnmanaged().unsafelyUnwrapped
    }

    /// Every override visible here, without retaining the map once it is built.
    @inline(__always)
    func allOverridesUnmanaged() -> Unmanaged<OverrideMap> {
        if let map = visibleOverrides.loadUnmanaged() { return map }
        return Unmanaged.passUnretained(allOverrides())
    }

    /// The override for `key` visible in this scope, if any.
    @inline(__always)
    func override(for key: ObjectIdentifier) -> Override? {
        if let firstKeyType {
            if moreOwn.count > 3 { return allOverrides().find(key) }
            if ObjectIdentifier(firstKeyType) == key { return firstOverride }
            for own in moreOwn where own.key == key { return own }
        }
        guard inheritedCount != 0 else { return nil }
        return inheritedOverridesUnmanaged()._withUnsafeGuaranteedRef { $0.find(key) }
    }

    /// Every override visible in this scope, built once.
    func allOverrides() -> OverrideMap {
        if let map = visibleOverrides.load() { return map }
        var merged: [ObjectIdentifier: Override] = [:]
        if inheritedCount != 0 {
            for override in inheritedOverridesUnmanaged().takeUnretainedValue().all { merged[override.key] = override }
        }
        for override in layer { merged[override.key] = override }
        return visibleOverrides.storeIfNil(OverrideMap(Array(merged.values)))
    }

    /// Whether any override is visible here.
    @inline(__always)
    var hasOverrides: Bool { inheritedCount != 0 || setsOverrides }

    /// Whether this scope sets any override itself.
    @inline(__always)
    var setsOverrides: Bool { firstKeyType != nil }

    /// How many overrides this scope sets itself.
    @inline(__always)
    var ownCount: Int { firstKeyType == nil ? 0 : 1 + moreOwn.count }

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

    /// The depth of the innermost scope that overrides one of `keys`, or `nil` when none does.
    func innermostOverrideDepth(among keys: [ObjectIdentifier]) -> Int? {
        if keys.contains(KeyInfo.anyOverride) {
            return hasOverrides ? allOverrides().all.map(\.depth).max() : nil
        }
        var innermost: Int?
        for key in keys {
            if let override = override(for: key), override.depth > (innermost ?? -1) {
                innermost = override.depth
            }
        }
        return innermost
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

    /// The topmost node of this chain: for a snapshot's values and the scopes made inside them, the snapshot's node,
    /// which keeps what is built for the snapshot alone.
    var base: ScopeNode {
        var node = self
        while let parent = node.parent { node = parent }
        return node
    }

    /// The depth of ``base``: a scope at that depth or above is one a snapshot links to.
    var baseDepth: Int { base.depth }

    /// Whether what the snapshot at the top of this chain remembers answers a read here of a key that read `reads`:
    /// in the snapshot itself, and in a scope made inside its values that overrides none of `reads` (one that does
    /// has instances of its own, <doc:Semantics#Overrides-reach-derived-defaults>).
    func readsAsItsSnapshot(forKeyReading reads: [ObjectIdentifier]) -> Bool {
        parentReference == nil || (innermostOverrideDepth(among: reads) ?? 0) <= baseDepth
    }

    /// The nodes that set the overrides visible here, innermost first: where defaults rebuilt for them are cached.
    var overridingNodes: [WeakOrigin] {
        var found: [WeakOrigin] = []
        var node: ScopeNode? = self
        while let current = node {
            if current.setsOverrides { found.append(WeakOrigin(current)) }
            guard let parent = current.parent else {
                found += current.source.origins
                break
            }
            node = parent
        }
        return found
    }
}

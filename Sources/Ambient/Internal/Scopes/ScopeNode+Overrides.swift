// The overrides visible in a node: its own few, then the map of every inherited one, built once.

extension ScopeNode {
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
            if ObjectIdentifier(firstKeyType) == key {
                return override(OwnOverride(keyType: firstKeyType, box: firstBoxOrCopy))
            }
            for own in moreOwn where own.key == key { return override(own) }
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

    /// Every override set in this scope and the ones around it, innermost scope first, hidden ones included; in a
    /// snapshot, the ones it inherited after its own. A value that a scope replaced itself (in a node that carries
    /// on its scope, ``continuesParentScope``) is left out, as one it replaced in place is.
    func overridesInnermostFirst() -> [Override] {
        var found: [Override] = []
        var node: ScopeNode? = self
        var last = self
        var setLaterInScope: Set<ObjectIdentifier> = []
        while let current = node {
            let layer = current.layer
            found += layer.filter { !setLaterInScope.contains($0.key) }
            setLaterInScope = current.continuesParentScope ? setLaterInScope.union(layer.map(\.key)) : []
            last = current
            node = current.parent
        }
        if last.inheritedCount != 0 {
            found += last.inheritedOverridesUnmanaged().takeUnretainedValue().all.sorted { $0.depth > $1.depth }
        }
        return found
    }

    /// Whether `key` is overridden here as in `other`: by neither, or by the same override (set at the same depth, its
    /// value at the same place).
    func overridesAlike(_ key: ObjectIdentifier, as other: ScopeNode) -> Bool {
        switch (override(for: key), other.override(for: key)) {
        case (nil, nil): true
        case (let mine?, let theirs?):
            mine.depth == theirs.depth && overrideValue(for: key) == other.overrideValue(for: key)
        default: false
        }
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
}

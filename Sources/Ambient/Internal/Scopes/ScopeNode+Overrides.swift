// The overrides a node sees: the one for a key (its own few, then the map of every inherited one, built once), and
// the layers that a node and the nodes above it set, and where, for provenance, the trace, the scope
// `withDependencies` trims, and the first read's check for the same instance under way.

extension ScopeNode {
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

    /// The depth of the innermost scope that overrides one of `keys`, or `nil` when none does.
    func innermostOverrideDepth(among keys: [ObjectIdentifier]) -> Int? {
        if keys.contains(KeyInfo.anyOverride) { return hasOverrides ? allOverrides().all.map(\.depth).max() : nil }
        return keys.compactMap { override(for: $0)?.depth }.max()
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
        override(for: key)?.depth == other.override(for: key)?.depth
            && overrideValue(for: key) == other.overrideValue(for: key)
    }

    /// Whether `node` is this node's parent.
    @inline(__always)
    func isChild(of node: ScopeNode) -> Bool {
        isChild(of: Unmanaged.passUnretained(node))
    }

    /// Whether the node at `node` is this node's parent; `node` is only compared, so it may be unretained.
    @inline(__always)
    func isChild(of node: Unmanaged<ScopeNode>) -> Bool {
        parentReference?.toOpaque() == node.toOpaque()
    }

    /// The first override this scope sets itself, if any; an inline value is copied into a new box.
    var firstOverride: Override? {
        firstKeyType.map {
            let box = firstBox ?? boxFirstInline(of: firstValueType.unsafelyUnwrapped)
            return Override(key: ObjectIdentifier($0), keyType: $0, box: box, depth: depth, site: site)
        }
    }

    /// How many scopes above this node the node at `depth` (an ancestor's, or one a snapshot inherited from) is: the
    /// nodes in between and this one, less those that carry on their parent's scope.
    func scopes(upTo depth: Int) -> Int {
        var count = 0
        var node = self
        while node.depth > depth {
            if !node.continuesParentScope { count += 1 }
            guard let parent = node.parent else { return count + node.depth - 1 - depth }
            node = parent
        }
        return count
    }

    /// The overrides this scope sets itself, in the order they were first set.
    var layer: [Override] { firstOverride.map { [$0] + moreOwn } ?? [] }

    /// The overrides of the scope that a `withDependencies` update opened inside the node at `outer` and left in
    /// this node: this node's own and those of the nodes it carries on (``continuesParentScope``), in the order they
    /// were first set, each key once; none when this node is not in a child scope of `outer` (the update replaced
    /// the values it was given).
    func scopeLayer(openedInside outer: Unmanaged<ScopeNode>) -> [Override] {
        var nodes = [self]
        while let node = nodes.last, node.continuesParentScope, let parent = node.parent { nodes.append(parent) }
        guard nodes[nodes.count - 1].isChild(of: outer) else { return [] }
        var seen: Set<ObjectIdentifier> = []
        return nodes.reversed().flatMap(\.layer).filter { seen.insert($0.key).inserted }
    }
}

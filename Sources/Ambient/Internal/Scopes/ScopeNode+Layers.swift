// What a node sets itself, its parent, and the layers of overrides it and the nodes above it set, and where they were
// set: for the read path, provenance, the trace, and the scopes that defaults are rebuilt for.

extension ScopeNode {
    /// Whether any override is visible here.
    @inline(__always)
    var hasOverrides: Bool { inheritedCount != 0 || setsOverrides }

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

    /// Whether this scope sets any override itself.
    @inline(__always)
    var setsOverrides: Bool { firstKeyType != nil }

    /// How many overrides this scope sets itself.
    @inline(__always)
    var ownCount: Int { firstKeyType == nil ? 0 : 1 + moreOwn.count }

    /// The first override this scope sets itself, if any; an inline value is copied into a new box.
    var firstOwn: OwnOverride? {
        firstKeyType.map { OwnOverride(keyType: $0, box: firstBoxOrCopy) }
    }

    /// The first override's box, or a new box holding a copy of its inline value; only while there is a first.
    var firstBoxOrCopy: AnyBox {
        firstBox ?? boxFirstInline(of: firstValueType.unsafelyUnwrapped)
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
    var layer: [Override] {
        guard let firstOwn else { return [] }
        return [override(firstOwn)] + moreOwn.map(override)
    }

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

    /// `own`, which this scope sets, with this scope's depth and site.
    func override(_ own: OwnOverride) -> Override {
        Override(key: own.key, keyType: own.keyType, box: own.box, depth: depth, site: site)
    }
}

extension ProgramGenerator {
    /// The keys of the lifetime shapes, drawn from ``issueShapes``: a creation that enters a scope overriding
    /// its own key and reads there a default that reads that key (a token provider that fetches its token with a
    /// client made without one), and two defaults that name each other and read a request's key.
    mutating func issueKeys(_ keys: inout [KeyBehavior]) {
        pair = nil
        let readers = keys.indices.filter { !keys[$0].reads.isEmpty }
        if !readers.isEmpty, issueShapes.chance(30) {
            let client = issueShapes.element(of: readers)
            let provider = issueShapes.element(of: keys[client].reads)
            keys[provider].scopedRead = .init(overriding: provider, reads: client)
            // The creations nested in the provider's are of the client and below, and those around it above the
            // provider: work that a nested creation waits for reads below the provider, or it would wait for a
            // creation under way around it on the thread that waits for the work (a hand-off that never ends).
            for key in provider...client where keys[key].work?.kind != .task {
                keys[key].work?.reads.removeAll { $0 >= provider }
            }
        }
        guard keyCount >= 3, issueShapes.chance(30) else { return }
        let request = issueShapes.below(keyCount - 2)
        let a = request + 1 + issueShapes.below(keyCount - request - 2)
        let b = a + 1 + issueShapes.below(keyCount - a - 1)
        guard !keys[a].isOwner, !keys[b].isOwner else { return }
        keys[a].references.append(.init(key: b, byKeyPath: issueShapes.chance(50)))
        keys[b].references.append(.init(key: a, byKeyPath: issueShapes.chance(50)))
        if !keys[a].reads.contains(request) { keys[a].reads.append(request) }
        pair = (request, a, b)
    }

    /// The steps of the lifetime shapes, drawn from ``issueShapes``: requests that read the pair through each
    /// other, one kept and read after its request ended; and reads through `DependencyValues` in nested scopes.
    mutating func issueSteps() -> [Step] {
        var steps: [Step] = []
        if let (request, a, b) = pair, issueShapes.chance(60) {
            let (toB, toA) = (keys[a].laterReads.count - 1, keys[b].laterReads.count - 1)
            for _ in 0..<(1 + issueShapes.below(3)) {
                let (slot, overrides) = (newSlot(), [OverrideSpec(key: request, isObject: false)])
                let body: [Step] = [
                    .keep(slot: slot, key: a), .readReference(a, index: toB), .readReference(b, index: toA),
                ]
                steps.append(.scope(overrides: overrides, body: body))
                if issueShapes.chance(50) { steps.append(.readKept(slot: slot, index: toB, threads: 1)) }
            }
        }
        if issueShapes.chance(20) {
            // Nested scopes, each overriding a key or none, read at every depth.
            let key = issueShapes.below(keyCount)
            var nested: [Step] = [.read(key)]
            for _ in 0..<(2 + issueShapes.below(10)) {
                let overrides =
                    issueShapes.chance(30) ? [OverrideSpec(key: issueShapes.below(keyCount), isObject: true)] : []
                nested = [
                    .read(key), .scope(overrides: overrides, body: nested), .read(key),
                ]
            }
            steps += nested
        }
        return steps
    }
}

extension DependencyValues: CustomStringConvertible {
    /// The context and the overrides these values carry, sorted by key, for logs and debugging.
    ///
    /// ```swift
    /// print(values)   // DependencyValues(context: Testing, APIKey: StubAPI())
    /// ```
    public var description: String {
        let overrides = storage.allOverrides().all
            .map { "\($0.keyType): \($0.box.valueDescription)" }
            .sorted()
        return "DependencyValues(" + (["context: \(context)"] + overrides).joined(separator: ", ") + ")"
    }

    /// The graph of which defaults read which keys, as learned so far in these values' root and context.
    ///
    /// It covers every default created in the root (the process, or the running test) for ``context``, wherever it
    /// was read, and nothing that was not read.
    ///
    /// ```swift
    /// _ = DependencyValues.current.analytics
    /// print(DependencyValues.current.dependencyGraph.dot)
    /// // digraph Dependencies {
    /// //     "APIKey";
    /// //     "AnalyticsKey";
    /// //     "AnalyticsKey" -> "APIKey";
    /// // }
    /// ```
    public var dependencyGraph: DependencyGraph {
        let learned = storage.root.learnedKeys(in: context)
        return DependencyGraph(
            keys: learned.map { "\($0.keyType)" },
            edges: learned.flatMap { info in
                info.directReads.map { DependencyGraph.Edge(from: "\(info.keyType)", to: "\($0)") }
            }
        )
    }

    /// Explains the value of a `DependencyValues` property here: what it is and where it came from.
    ///
    /// Use it when code sees a value you did not expect. The property's key is found by reading the property once;
    /// reading creates the key's default if nothing did yet, like any read.
    ///
    /// ```swift
    /// withDependencies {
    ///     $0.api = StubAPI()
    /// } operation: {
    ///     print(DependencyValues.current.explain(\.api)!)
    ///     // APIKey = StubAPI(): overridden at MyAppTests/LoaderTests.swift:12, in this scope
    /// }
    /// ```
    ///
    /// - Parameter keyPath: The property, such as `\.api`.
    /// - Returns: The provenance of the one key the property reads; `nil` when its getter reads no key or several.
    public func explain<Value>(_ keyPath: any KeyPath<DependencyValues, Value> & Sendable) -> DependencyProvenance? {
        let probe = KeyPathProbe(on: storage)
        _ = probe.values[keyPath: keyPath]
        let keys = probe.keysRead()
        guard let key = keys.first, keys.allSatisfy({ $0 == key }) else { return nil }
        return explain(key)
    }

    /// Explains the value of `key` here: what it is and where it came from.
    ///
    /// Reading creates the key's default if nothing did yet, like any read.
    ///
    /// ```swift
    /// print(DependencyValues.current.explain(Clock.self))
    /// // Clock = Clock(): default of the default context, cached in the process root
    /// ```
    ///
    /// - Parameter key: The key type.
    /// - Returns: The key's provenance in these values.
    public func explain<Key: DependencyKey>(_ key: Key.Type) -> DependencyProvenance {
        // NB: the value is read first, so that the root knows the default it may create.
        let value = Self.shortDescription(of: self[key])
        return DependencyProvenance(key: "\(key)", value: value, source: source(of: ObjectIdentifier(key)))
    }

    /// Every override visible in these values, one per line, innermost first: where each was set and what it hides.
    ///
    /// Use it to see at a glance what a scope changed, for a test that fails only inside some scope or a request
    /// that behaves unlike the others. A line names the key, the value, the `withDependencies` call that set it, and
    /// the outer override it hides, or the context's default. Empty when nothing is overridden.
    ///
    /// ```swift
    /// print(DependencyValues.current.overridesDescription)
    /// // APIKey = StubAPI(): overridden at MyAppTests/LoaderTests.swift:14, in this scope; hides LiveAPI() set at MyAppTests/LoaderTests.swift:12
    /// // ClockKey = TestClock(): overridden at MyAppTests/LoaderTests.swift:12, 1 scope up; hides the testing default
    /// ```
    public var overridesDescription: String {
        let all = storage.overridesInnermostFirst()
        var seen: Set<ObjectIdentifier> = []
        return all.indices.filter { seen.insert(all[$0].key).inserted }.map { index in
            let override = all[index]
            let provenance = DependencyProvenance(
                key: "\(override.keyType)",
                value: Self.shortDescription(of: override.box.valueDescription),
                source: source(of: override)
            )
            let hides =
                all[(index + 1)...].first { $0.key == override.key }.map { outer in
                    "\(Self.shortDescription(of: outer.box.valueDescription)) set at "
                        + (outer.site?.location.description ?? "an unknown place")
                } ?? "the \(context.id) default"
            return "\(provenance); hides \(hides)"
        }.joined(separator: "\n")
    }

    /// Applies `update` in a new scope whose overrides remember `fileID` and `line`, for override sites outside this
    /// module (the `.dependencies` test trait); a scope that `update` leaves unchanged is dropped.
    @_documentation(visibility: private)
    package mutating func _update(
        fileID: StaticString,
        line: UInt,
        _ update: (inout DependencyValues) throws -> Void
    ) rethrows {
        let outer = self
        self = DependencyValues(scopeOf: outer, at: CallSite(fileID: fileID, line: line))
        try update(&self)
        self = trimmed(toParent: .passUnretained(outer.storage))
    }

    /// Where the value of `key` here comes from; the value was read first, so a default is known to the root.
    func source(of key: ObjectIdentifier) -> DependencyProvenance.Source {
        if let override = storage.override(for: key) { return source(of: override) }
        let info = storage.root.keyInfo(for: key, in: context)
        let overridden = (info?.reads ?? []).compactMap { storage.override(for: $0) }.map { "\($0.keyType)" }
        guard overridden.isEmpty else { return .rebuiltDefault(context: context, becauseOf: overridden.sorted()) }
        let root = storage.root.isProcess ? "process" : "test root"
        let createdAt = info?.createdAt.map { DependencyProvenance.Location(fileID: $0.fileID, line: $0.line) }
        return .cachedDefault(context: context, root: root, createdAt: createdAt)
    }

    /// Where `override`, visible here, was set.
    private func source(of override: Override) -> DependencyProvenance.Source {
        .override(setAt: override.site.map(\.location), scopesUp: storage.scopes(upTo: override.depth))
    }

    /// `String(describing:)`, on one line and cut to 80 characters.
    static func shortDescription(of value: some Any) -> String {
        let text = String(describing: value).split(whereSeparator: \.isNewline).joined(separator: " ")
        return text.count > 80 ? text.prefix(79) + "…" : text
    }
}

extension DependencyValues {
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
}

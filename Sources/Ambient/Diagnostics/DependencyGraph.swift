import Foundation

/// The graph Ambient learned while it created defaults: which key's default read which keys.
///
/// Every default read other keys while it was created (an analytics client built from the API client); Ambient
/// records those reads to rebuild defaults for scopes that override their inputs, and this graph shows them. Only
/// keys that were actually read appear, so export it after the code you want to see has run. Paste ``dot`` into
/// Graphviz, or ``mermaid`` into a Markdown page:
///
/// ```swift
/// print(DependencyValues.current.dependencyGraph.mermaid)
/// // graph LR
/// //     AnalyticsKey --> APIKey
/// ```
///
/// A graph has no cycles: a default that reads itself, directly or not, stops the program instead.
public struct DependencyGraph: Sendable, Equatable {
    /// One read: the default of `from` read `to` while it was created.
    ///
    /// ```swift
    /// let edge = DependencyGraph.Edge(from: "AnalyticsKey", to: "APIKey")
    /// ```
    public struct Edge: Sendable, Equatable, Hashable {
        /// The key whose default made the read.
        public var from: String
        /// The key it read.
        public var to: String

        /// An edge.
        ///
        /// - Parameters:
        ///   - from: The key whose default made the read.
        ///   - to: The key it read.
        public init(from: String, to: String) {
            self.from = from
            self.to = to
        }
    }

    /// Every key read, sorted by name: defaults that were created, and keys they read.
    public var keys: [String]
    /// Every read a default made of another key, sorted.
    public var edges: [Edge]

    /// A graph of these keys and reads; ``keys`` and ``edges`` are sorted and freed of repeats.
    ///
    /// ```swift
    /// let graph = DependencyGraph(keys: ["APIKey", "AnalyticsKey"], edges: [.init(from: "AnalyticsKey", to: "APIKey")])
    /// ```
    ///
    /// - Parameters:
    ///   - keys: The keys; the ends of `edges` are added.
    ///   - edges: The reads.
    public init(keys: [String], edges: [Edge]) {
        self.keys = Set(keys + edges.flatMap { [$0.from, $0.to] }).sorted()
        self.edges = Set(edges).sorted { ($0.from, $0.to) < ($1.from, $1.to) }
    }

    /// The graph in Graphviz's DOT language, each key a node and each read an arrow.
    ///
    /// ```swift
    /// try graph.dot.write(toFile: "dependencies.dot", atomically: true, encoding: .utf8)   // dot -Tsvg ...
    /// ```
    public var dot: String {
        let quoted = { (name: String) in
            "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        let lines = keys.map { "    \(quoted($0));" } + edges.map { "    \(quoted($0.from)) -> \(quoted($0.to));" }
        return (["digraph Dependencies {"] + lines + ["}"]).joined(separator: "\n")
    }

    /// The graph as a Mermaid flowchart, for a Markdown page that renders Mermaid.
    ///
    /// A key whose name is not a plain identifier (`Outer.Key`, `Key<Int>`) gets an identifier and its name as
    /// label.
    ///
    /// ```swift
    /// print("```mermaid\n\(graph.mermaid)\n```")
    /// ```
    public var mermaid: String {
        let node = { (name: String) -> String in
            let id = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
            return id == name ? id : "\(id)[\"\(name.replacingOccurrences(of: "\"", with: "#quot;"))\"]"
        }
        let lines = keys.map { "    \(node($0))" } + edges.map { "    \(node($0.from)) --> \(node($0.to))" }
        return (["graph LR"] + lines).joined(separator: "\n")
    }
}

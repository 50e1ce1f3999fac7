import Ambient
import TodosCore
import TodosFileStorage

/// What `todos explain` prints: where the dependencies of the stores came from, one per line, or with `--graph`
/// the graph of which defaults read which keys, as Ambient learned it while reading them.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
enum Explanation {
    static func text(of dependencies: DependencyValues, graph: GraphFormat?) -> String {
        let provenances = [
            dependencies.explain(\.todoStorage),
            dependencies.explain(\.todosDirectory),
            dependencies.explain(\.keyValueStore),
        ]
        guard let graph else {
            return provenances.compactMap { $0.map { "\(TerminalText.visible("\($0)"))\n" } }.joined()
        }
        let learned = dependencies.dependencyGraph
        return (graph == .dot ? learned.dot : learned.mermaid) + "\n"
    }
}

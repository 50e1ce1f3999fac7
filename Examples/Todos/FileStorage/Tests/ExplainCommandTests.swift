import Foundation
import Testing
import TodosTestSupport

/// `todos explain`, run as a real process: where the stores' dependencies came from, and their graph.
@Suite struct ExplainCommandTests {
    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// The line of `TodosCommandLine.swift` whose `withDependencies` sets the store's values, read from the source.
    private static func lineOfTheScope(filePath: String = #filePath) -> Int? {
        let source = URL(fileURLWithPath: filePath).deletingLastPathComponent()
            .appendingPathComponent("../../CLI/TodosCommandLine.swift")
        guard let text = try? String(contentsOf: source, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.firstIndex { $0.contains("return withDependencies {") }.map { $0 + 1 }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func explainNamesWhereEachDependencyCameFromInTheLiveContext() throws {
        let result = try TodosProcess(arguments: ["--data-dir", folder.path, "explain"]).run()
        #expect(result.status == 0, "\(result.errorOutput)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("TodoStorageKey = FileTodoStorage(") == true)
        #expect(lines.first?.hasSuffix(": overridden by code that did not say where, in this scope") == true)
        let site = try #require(Self.lineOfTheScope(), "TodosCommandLine.swift has no `return withDependencies {`")
        #expect(
            lines.dropFirst().first?.hasSuffix(": overridden at todos/TodosCommandLine.swift:\(site), 1 scope up")
                == true)
        #expect(lines.last?.hasSuffix(": default of the default context, cached in the process root") == true)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func explainShowsPreviewValuesInThePreviewContext() throws {
        let result = try TodosProcess(arguments: ["explain"], environment: ["AMBIENT_CONTEXT": "preview"]).run()
        #expect(result.status == 0, "\(result.errorOutput)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("TodoStorageKey = InMemoryTodoStorage(location: \"memory\"") == true)
        #expect(lines.allSatisfy { $0.hasSuffix(": default of the preview context, cached in the process root") })
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(arguments: [
        (
            "dot",
            "digraph Dependencies {\n    \"KeyValueStoreKey\";\n    \"TodoStorageKey\";\n    \"TodosDirectoryKey\";\n}\n"
        ),
        ("mermaid", "graph LR\n    KeyValueStoreKey\n    TodoStorageKey\n    TodosDirectoryKey\n"),
    ])
    func explainPrintsTheGraphOfWhatWasRead(format: String, expected: String) throws {
        let result = try TodosProcess(
            arguments: ["explain", "--graph", format], environment: ["AMBIENT_CONTEXT": "preview"]
        )
        .run()
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output == expected)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func anUnknownGraphFormatIsRefusedWithTheUsage() throws {
        let result = try TodosProcess(arguments: ["explain", "--graph", "svg"]).run()
        #expect(result.status == 2)
        #expect(
            result.errorOutput
                == "error: unknown graph format 'svg' (use dot or mermaid)\nusage: todos explain [--graph dot|mermaid]\n"
        )
    }
}

import Foundation
import Testing

/// The Semantics article names, under each rule, the tests that pin it: each named test exists, in the suite named,
/// and each suite it names whole exists.
@Suite struct SemanticsArticleTests {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every `Suite.test` the article's "Tests:" paragraphs name.
    private static func namedTests() throws -> [(suite: String, test: String)] {
        let article = try String(
            contentsOf: packageRoot.appendingPathComponent("Sources/Ambient/Ambient.docc/Articles/Semantics.md"),
            encoding: .utf8)
        var names: [(String, String)] = []
        for paragraph in article.components(separatedBy: "\n\n") where paragraph.hasPrefix("Tests:") {
            for match in paragraph.matches(of: /`([A-Za-z0-9]+)\.([A-Za-z0-9]+)`/) {
                names.append((String(match.1), String(match.2)))
            }
        }
        return names
    }

    /// Every bare `Suite` the article's "Tests:" paragraphs name, standing for all the tests in it.
    private static func namedSuites() throws -> [String] {
        let article = try String(
            contentsOf: packageRoot.appendingPathComponent("Sources/Ambient/Ambient.docc/Articles/Semantics.md"),
            encoding: .utf8)
        var names: [String] = []
        for paragraph in article.components(separatedBy: "\n\n") where paragraph.hasPrefix("Tests:") {
            for match in paragraph.matches(of: /`([A-Za-z0-9]+Tests)`/) {
                names.append(String(match.1))
            }
        }
        return names
    }

    /// The Swift sources of every test target, by file.
    private static func testSources() throws -> [String] {
        let tests = packageRoot.appendingPathComponent("Tests")
        let files =
            FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return try files.map { try String(contentsOf: $0, encoding: .utf8) }
    }

    @Test func everyTestTheArticleNamesExistsInItsSuite() throws {
        let named = try Self.namedTests()
        #expect(named.count > 20, "the article names its tests as `Suite.test`")
        let sources = try Self.testSources()
        for (suite, test) in named {
            let found =
                sources.contains { source in
                    source.contains("struct \(suite)") || source.contains("extension \(suite)")
                        || source.contains("class \(suite)")
                } && sources.contains { $0.contains("func \(test)(") }
            #expect(found, "Semantics.md names \(suite).\(test), which no test target declares")
        }
    }

    @Test func everySuiteTheArticleNamesExists() throws {
        let suites = try Self.namedSuites()
        #expect(suites.count > 10, "the article names whole suites as `Suite`")
        let sources = try Self.testSources()
        for suite in suites {
            let found = sources.contains { source in
                source.contains("struct \(suite) ") || source.contains("class \(suite):")
                    || source.contains("struct \(suite):")
            }
            #expect(found, "Semantics.md names the suite \(suite), which no test target declares")
        }
    }
}

import Foundation
import Testing
import TodosTestSupport

/// What `todos` prints for titles, paths and arguments that hold control characters, over the real executable: the
/// characters as escapes, never as themselves, and the saved title exactly as given.
@Suite struct TerminalOutputTests {
    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    private func todos(_ arguments: String..., in path: String? = nil) throws -> TodosProcess.Result {
        try TodosProcess(arguments: ["--data-dir", path ?? folder.path] + arguments).run()
    }

    /// Every C0 control character, then DEL and every C1 control character, between two letters.
    private static let everyControl =
        "<" + String(String.UnicodeScalarView((0x00...0x1F).compactMap(Unicode.Scalar.init))) + "|"
        + String(String.UnicodeScalarView((0x7F...0x9F).compactMap(Unicode.Scalar.init))) + ">"

    /// ``everyControl`` as `todos` prints it, written out by hand.
    private static let everyControlShown =
        #"<\0\u{1}\u{2}\u{3}\u{4}\u{5}\u{6}\a\b\t\n\v\f\r\u{e}\u{f}\u{10}\u{11}\u{12}\u{13}\u{14}\u{15}\u{16}\u{17}"#
        + #"\u{18}\u{19}\u{1a}\e\u{1c}\u{1d}\u{1e}\u{1f}|\u{7f}\u{80}\u{81}\u{82}\u{83}\u{84}\u{85}\u{86}\u{87}"#
        + #"\u{88}\u{89}\u{8a}\u{8b}\u{8c}\u{8d}\u{8e}\u{8f}\u{90}\u{91}\u{92}\u{93}\u{94}\u{95}\u{96}\u{97}\u{98}"#
        + #"\u{99}\u{9a}\u{9b}\u{9c}\u{9d}\u{9e}\u{9f}>"#

    /// Saves one todo with `title` the way another program could: JSON escapes every control character.
    private func saveTodo(titled title: String) throws {
        let todo: [String: Any] = [
            "id": "5A3E0000-0000-4000-8000-000000000001", "title": title, "date": 0, "isDone": false, "priority": 0,
        ]
        try JSONSerialization.data(withJSONObject: [todo]).write(to: folder.todosFile)
    }

    private func savedTitles() throws -> [String] {
        try folder.savedTitles()
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func listShowsEveryControlCharacterAsAnEscapeAndTheSavedTitleIsUnchanged() throws {
        try saveTodo(titled: Self.everyControl)
        let listed = try todos("list")
        #expect(listed.status == 0, "\(listed.errorOutput)")
        #expect(Array(listed.output.utf8) == Array("1. [ ] \(Self.everyControlShown)\n".utf8))
        let done = try todos("done", "1")
        #expect(Array(done.output.utf8) == Array("Done: 1. \(Self.everyControlShown)\n".utf8))
        #expect(try savedTitles() == [Self.everyControl])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func anOSCSequenceIsSavedAsGivenAndPrintedAsText() throws {
        let title = "\u{1B}]52;c;aGVsbG8=\u{07}Pay rent \u{1B}[2J\u{9B}31m"
        let added = try todos("add", title)
        #expect(added.status == 0, "\(added.errorOutput)")
        #expect(added.output == #"Added 1. \e]52;c;aGVsbG8=\aPay rent \e[2J\u{9b}31m"# + "\n")
        #expect(try savedTitles() == [title])
        let listed = try todos("list")
        #expect(listed.output == #"1. [ ] \e]52;c;aGVsbG8=\aPay rent \e[2J\u{9b}31m"# + "\n")
        #expect(!listed.output.utf8.contains(0x1B))
    }

    /// Characters that reorder, hide or fake text are shown as escapes, and the title is saved as given:
    /// - Unicode's bidirectional controls reorder what follows them on the line (the "Trojan Source" trick), so a
    ///   title could show another title, or forge its own `(priority 9)`;
    /// - a line or paragraph separator, which some terminals break the line at, and the format characters (a zero
    ///   width space, a soft hyphen, a byte order mark, a word joiner) make two titles that look the same differ.
    ///
    /// The joiners that emoji sequences and scripts need, and combining marks, are left alone.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(arguments: [
        (
            "Pay \u{202E}9 ytiroirp(  \u{2066}x\u{2069}\u{200F}\u{061C} 👨\u{200D}👩\u{200D}👧 e\u{301}",
            #"Pay \u{202e}9 ytiroirp(  \u{2066}x\u{2069}\u{200f}\u{61c} "# + "👨\u{200D}👩\u{200D}👧 e\u{301}"
        ),
        (
            "Pay\u{2028}rent\u{2029} b\u{200B}i\u{AD}l\u{FEFF}l\u{2060}s 👨\u{200D}👩 \u{915}\u{94D}\u{200C}\u{937}",
            #"Pay\u{2028}rent\u{2029} b\u{200b}i\u{ad}l\u{feff}l\u{2060}s "#
                + "👨\u{200D}👩 \u{915}\u{94D}\u{200C}\u{937}"
        ),
    ])
    func invisibleAndReorderingCharactersArePrintedAsEscapesAndTheSavedTitleIsUnchanged(
        title: String, shown: String
    ) throws {
        let added = try todos("add", title)
        #expect(added.status == 0, "\(added.errorOutput)")
        #expect(added.output == "Added 1. \(shown)\n")
        #expect(try todos("list").output == "1. [ ] \(shown)\n")
        #expect(try savedTitles() == [title])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(
        arguments: [
            ("Pay rent\n2. [x] Forged", #"the title contains a line break (\n); a todo's title is one line"#),
            ("Pay\rrent", #"the title contains a carriage return (\r); a todo's title is one line"#),
        ]
    )
    func addRefusesATitleWithALineBreak(title: String, message: String) throws {
        let refused = try todos("add", title)
        #expect(refused.status == 2)
        #expect(refused.output == "")
        #expect(refused.errorOutput == "error: \(message)\nusage: todos add TITLE [--priority N]\n")
        #expect(try folder.fileNames() == [])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func pathsAndArgumentsInMessagesAreShownAsText() throws {
        let strange = folder.url.appending(component: "data\u{1B}[31m").path(percentEncoded: false)
        try FileManager.default.createDirectory(atPath: strange, withIntermediateDirectories: true)
        try Data("not json".utf8).write(to: URL(filePath: strange).appending(component: "todos.json"))
        let shown = folder.path + #"/data\e[31m/todos.json"#
        let corrupt = try todos("list", in: strange)
        #expect(corrupt.status == 1)
        #expect(
            corrupt.errorOutput
                == "error: \(shown) is not a todos file (not valid JSON); it was left untouched. Fix or move it, then "
                + "try again.\n")
        let explained = try todos("explain", in: strange)
        #expect(explained.status == 0)
        #expect(explained.output.contains("data"))
        #expect(!explained.output.utf8.contains(0x1B))
        let unknown = try todos("\u{1B}[2Jfrob")
        #expect(unknown.status == 2)
        #expect(unknown.errorOutput.hasPrefix(#"error: unknown command '\e[2Jfrob'"# + "\n"))
    }
}

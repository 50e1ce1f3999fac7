import Testing
import TodosFileStorage
import TodosTestSupport

/// Control characters made visible, in process: the table of escapes and what is left alone.
@Suite struct TerminalTextTests {
    private static let englandFlag = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(
        arguments: [
            ("plain ✓ text", "plain ✓ text"),
            ("\u{1B}]52;c;aGk=\u{07}", #"\e]52;c;aGk=\a"#),
            ("a\r\nb", #"a\r\nb"#),
            ("\u{0}\u{7F}\u{80}\u{9F}\u{A0}", #"\0\u{7f}\u{80}\u{9f}"# + "\u{A0}"),
            (#"a\eb"#, #"a\eb"#),
            ("\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}", #"\u{202a}\u{202b}\u{202c}\u{202d}\u{202e}"#),
            ("\u{2066}\u{2067}\u{2068}\u{2069}", #"\u{2066}\u{2067}\u{2068}\u{2069}"#),
            ("\u{200E}\u{200F}\u{061C}", #"\u{200e}\u{200f}\u{61c}"#),
            ("a\u{2028}b\u{2029}c", #"a\u{2028}b\u{2029}c"#),
            ("\u{200B}\u{FEFF}\u{AD}\u{2060}\u{180E}", #"\u{200b}\u{feff}\u{ad}\u{2060}\u{180e}"#),
            ("x\u{2061}\u{2064}\u{FFF9}y\u{E0001}", #"x\u{2061}\u{2064}\u{fff9}y\u{e0001}"#),
            (
                "👨\u{200D}👩\u{200D}👧 e\u{301} \u{915}\u{94D}\u{200C}\u{937}",
                "👨\u{200D}👩\u{200D}👧 e\u{301} \u{915}\u{94D}\u{200C}\u{937}"
            ),
            // A subdivision flag (England's) is a black flag, tag characters and a cancel tag: it stays.
            (Self.englandFlag, Self.englandFlag),
            // Tag characters that spell more than a subdivision hide text behind the flag: they are shown.
            (
                "\u{1F3F4}\u{E0068}\u{E0069}\u{E0064}\u{E0064}\u{E0065}\u{E006E}\u{E0021}\u{E007F}",
                "\u{1F3F4}" + #"\u{e0068}\u{e0069}\u{e0064}\u{e0064}\u{e0065}\u{e006e}\u{e0021}\u{e007f}"#
            ),
            ("x\u{E0067}\u{E0062}\u{E007F}", #"x\u{e0067}\u{e0062}\u{e007f}"#),
        ]
    )
    func controlCharactersBecomeEscapesAndNothingElseChanges(text: String, shown: String) {
        #expect(TerminalText.visible(text) == shown)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func visibleLinesKeepsTheLineBreaksOfTheOutputItself() {
        #expect(TerminalText.visibleLines("1. \u{1B}[2J\n2. b\n") == "1. \\e[2J\n2. b\n")
    }
}

import Testing

@testable import Ambient

/// Semantics: the host survives diagnostics. What Ambient echoes from outside (an environment variable, a type's or an
/// endpoint's name) is printed with its control characters made visible, so it can neither forge a line nor reach the
/// terminal.
@Suite struct VisibleTextTests {
    @Test(arguments: [
        ("plain text, Ünïcode and emoji 🌤", "plain text, Ünïcode and emoji 🌤"),
        ("line\nbreak\r\ttab", #"line\nbreak\r\ttab"#),
        ("\u{1B}[31mred\u{1B}[0m", #"\e[31mred\e[0m"#),
        ("nul\u{0}bell\u{7}delete\u{7F}", #"nul\u{0}bell\u{7}delete\u{7f}"#),
        ("csi\u{9B}2J next-line\u{85}", #"csi\u{9b}2J next-line\u{85}"#),
        ("separators\u{2028}\u{2029}", #"separators\u{2028}\u{2029}"#),
    ])
    func controlCharactersAreEscaped(text: String, shown: String) {
        #expect(VisibleText.escaping(text) == shown)
    }

    @Test func unknownContextIsEchoedOnOneLineWithoutEscapes() throws {
        let requested = "demo\"\nAmbient: forged line \u{1B}]0;title\u{7}"
        let warning = try #require(
            ContextDetection.detect(
                environment: ["AMBIENT_CONTEXT": requested], arguments: ["app"], testFrameworkIsLoaded: false
            ).warning)
        #expect(warning.hasPrefix(#"Ambient: AMBIENT_CONTEXT="demo"\nAmbient: forged line \e]0;title\u{7}" is not"#))
        #expect(!warning.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test func endpointNameIsEchoedWithoutItsControlCharacters() {
        let message = Messages.unimplemented("Client.fetch\nAmbient: all tests passed")
        #expect(message.hasPrefix(#"Ambient: Client.fetch\nAmbient: all tests passed is unimplemented in tests"#))
        #expect(!message.contains("\n"))
    }
}

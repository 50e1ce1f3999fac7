/// Text made safe to print on a terminal: every control character shown as an escape, never sent as itself.
///
/// A title or a path can hold any character. Sent raw, ESC starts a terminal command (`\e]52;c;…\a` writes the
/// clipboard on many terminals), CR moves back over what was printed, and LF starts a line that looks like another
/// todo; Unicode's bidirectional controls reorder the rest of the line, so a title could show as another one or forge
/// its own `(priority 9)`; invisible characters (a zero width space, a soft hyphen) make a title look like another,
/// and a line or paragraph separator can break the line. So `todos` writes each C0 control character (U+0000 to
/// U+001F), DEL (U+007F), each C1 control character (U+0080 to U+009F), each format character (general category Cf:
/// the bidirectional controls U+061C, U+200E, U+200F, U+202A to U+202E and U+2066 to U+2069, U+00AD, U+200B, U+2060,
/// U+FEFF, …) but the joiners U+200C and U+200D, and the line and paragraph separators U+2028 and U+2029 as an escape:
/// `\0`, `\a`, `\b`, `\t`, `\n`, `\v`, `\f`, `\r`, `\e`, and `\u{XX}` for the others (`\u{9b}`, `\u{202e}`,
/// `\u{200b}`). The joiners and combining marks, which emoji and accents need, are kept, and so are the tag
/// characters of a subdivision flag (England's is a black flag, the tags of `gbeng` and a cancel tag); tags that spell
/// more than a subdivision code would hide text behind the flag, and are escaped. Only the output changes; what is
/// saved stays exactly what was given.
///
/// ```swift
/// TerminalText.visible("Call\u{1B}[31m")   // "Call\\e[31m"
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public enum TerminalText {
    /// `text` with every control character replaced by its escape.
    ///
    /// - Parameter text: Any text: a title, a path, an argument.
    /// - Returns: The text, safe to print on a terminal.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var shown = String.UnicodeScalarView()
        for character in text {
            if isSubdivisionFlag(character) {
                shown.append(contentsOf: character.unicodeScalars)
                continue
            }
            for scalar in character.unicodeScalars {
                if isControl(scalar) {
                    shown.append(contentsOf: escape(scalar).unicodeScalars)
                } else {
                    shown.append(scalar)
                }
            }
        }
        return String(shown)
    }

    /// Whether `character` is a subdivision flag: U+1F3F4, the tags of a subdivision code (two letters or three
    /// digits for the region, then one to four letters or digits, lower case) and U+E007F, as Unicode's emoji tag
    /// sequences spell England, Scotland and Wales.
    private static func isSubdivisionFlag(_ character: Character) -> Bool {
        let scalars = Array(character.unicodeScalars)
        guard scalars.count >= 5, scalars.count <= 9, scalars.first == "\u{1F3F4}", scalars.last == "\u{E007F}" else {
            return false
        }
        return scalars.dropFirst().dropLast().allSatisfy { tag in
            (0xE0061...0xE007A).contains(tag.value) || (0xE0030...0xE0039).contains(tag.value)
        }
    }

    /// Why `title` cannot be one line of a list: it holds a line break or a NUL, which would start a forged line or
    /// cut the title short in other tools. Other control characters are kept, and shown as escapes.
    ///
    /// - Parameter title: A title as given.
    /// - Returns: The problem, or `nil` when the title is one line.
    public static func lineProblem(in title: String) -> String? {
        let scalars = title.unicodeScalars
        if scalars.contains("\n") { return "the title contains a line break (\\n); a todo's title is one line" }
        if scalars.contains("\r") { return "the title contains a carriage return (\\r); a todo's title is one line" }
        if scalars.contains("\0") { return "the title contains a NUL character (\\0), which no title may hold" }
        return nil
    }

    /// Each line of `text` made visible, its line breaks kept: for output whose own lines are meant.
    ///
    /// - Parameter text: Lines of output.
    /// - Returns: The lines, each safe to print on a terminal.
    public static func visibleLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { visible(String($0)) }.joined(
            separator: "\n")
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return true }
        switch scalar.properties.generalCategory {
        // The format characters include the bidirectional controls; the joiners are what emoji and scripts need.
        case .format: return scalar != "\u{200C}" && scalar != "\u{200D}"
        case .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x00: "\\0"
        case 0x07: "\\a"
        case 0x08: "\\b"
        case 0x09: "\\t"
        case 0x0A: "\\n"
        case 0x0B: "\\v"
        case 0x0C: "\\f"
        case 0x0D: "\\r"
        case 0x1B: "\\e"
        default: "\\u{\(String(scalar.value, radix: 16))}"
        }
    }
}

/// Text that came from outside Ambient — an environment variable, a type's name, an endpoint's name, a test's
/// name — made safe to print inside one of Ambient's messages.
///
/// A message shows such a value as it is, except its control characters, which are written as escapes: `\n`, `\r`
/// and `\t`, `\e` for ESC, and `\u{…}` for the other C0 characters, DEL, the C1 characters U+0080–U+009F and the
/// line and paragraph separators U+2028 and U+2029. So a value cannot end the message's line and start a forged one,
/// and cannot send a terminal escape sequence: every line Ambient prints is one of its own.
package enum VisibleText {
    /// `value` as text, with its control characters escaped.
    package static func of(_ value: Any) -> String {
        escaping(value as? String ?? "\(value)")
    }

    /// `text` with its control characters escaped.
    package static func escaping(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { escape($0) != nil }) else { return text }
        return text.unicodeScalars.map { escape($0) ?? String($0) }.joined()
    }

    /// The escape that shows `scalar`, or `nil` when it is not a control character.
    private static func escape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        case "\u{1B}": "\\e"
        case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}"..."\u{2029}":
            "\\u{" + String(scalar.value, radix: 16) + "}"
        default: nil
        }
    }
}

extension DefaultStringInterpolation {
    /// `value` as ``VisibleText/of(_:)`` shows it, in a message: `"Ambient: \(visible: Key.self) ..."`.
    mutating func appendInterpolation(visible value: Any) {
        appendLiteral(VisibleText.of(value))
    }
}

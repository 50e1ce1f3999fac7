import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The arguments and environment variables of the process as the kernel hands them over: bytes, which need not be
/// UTF-8.
///
/// `CommandLine.arguments` and `ProcessInfo.environment` replace each byte that is not UTF-8 with U+FFFD, so
/// `todos --data-dir $'data\xff' add A` used the folder `data�`, and `todos add $'Caf\xe9'` saved the title `Caf�`:
/// another folder and another title than the ones given, without a word. `todos` reads the bytes itself and
/// refuses such text, with each byte that is not UTF-8 shown as `\xff`.
///
/// ```swift
/// let arguments = try ProcessText.arguments().get()
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public enum ProcessText {
    /// The arguments after the program name, or the bad input of the first one that is not UTF-8.
    ///
    /// - Returns: The arguments as text, or what is wrong with the first one that is not UTF-8.
    public static func arguments() -> Result<[String], BadInput> {
        var arguments: [String] = []
        // `max`: a process can be started with no arguments at all, not even its name (Linux gives it an empty name).
        for index in 1..<max(1, Int(CommandLine.argc)) {
            guard let argument = CommandLine.unsafeArgv[index] else { break }
            switch text(of: argument) {
            case .success(let text):
                arguments.append(text)
            case .failure(let shown):
                return .failure(BadInput("argument \(index) is not UTF-8 text ('\(shown)'); give it in UTF-8"))
            }
        }
        return .success(arguments)
    }

    /// The variables among `names` that are set to bytes that are not UTF-8, each with its value shown.
    ///
    /// - Parameter names: The variables to check.
    /// - Returns: Each variable that is not UTF-8, with its bytes as a message shows them (`data\\xff`).
    public static func undecodableVariables(among names: [String]) -> [String: String] {
        var undecodable: [String: String] = [:]
        for name in names {
            guard let value = getenv(name), case .failure(let shown) = text(of: value) else { continue }
            undecodable[name] = shown.text
        }
        return undecodable
    }

    /// The C string's text, or, when it is not UTF-8, the text with each byte that is not shown as `\xff`.
    private static func text(of string: UnsafePointer<CChar>) -> Result<String, ShownBytes> {
        let bytes = UnsafeRawBufferPointer(start: string, count: strlen(string))
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var text = String.UnicodeScalarView()
        var shown = ""
        var offset = 0
        var isValid = true
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                text.append(scalar)
                shown.unicodeScalars.append(scalar)
                offset += encoded.count
            case .error(let length):
                isValid = false
                for byte in bytes[offset..<offset + length] {
                    shown += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
                }
                offset += length
            case .emptyInput:
                return isValid ? .success(String(text)) : .failure(ShownBytes(text: shown))
            }
        }
    }

    /// Bytes that are not UTF-8, as a message shows them.
    private struct ShownBytes: Error, CustomStringConvertible {
        var text: String
        var description: String { text }
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The members of a JSON document's objects, each kept as the bytes it was written with: what lets a save keep the
/// fields this version of todos does not know exactly as they were.
///
/// Decoding a field into a Swift value and encoding it again changes what no Swift type holds: `1e400` and a
/// 400-digit integer do not decode at all, `1e-400` becomes `0`, a 42-digit integer loses its last digits, and a
/// string with a lone surrogate escape (`"\ud800"`) is not a Swift string. So a save never decodes an unknown field:
/// it copies the bytes of its name and value from the previous file into the new one.
enum JSONMembers {
    /// One `"name": value` of an object.
    struct Member {
        /// The name, decoded, or `nil` when it is not a Swift string (a lone surrogate escape).
        var name: String?
        /// The name as it was written, quotes and escapes included.
        var rawName: [UInt8]
        /// The value as it was written.
        var rawValue: [UInt8]
    }

    /// A document whose objects were split into members: an object, or an array of elements (`nil` for an element
    /// that is not an object).
    enum Document {
        case object([Member])
        case array([[Member]?])
    }

    /// `encoded` — the new file, as the encoder wrote it — with each member of `previous` that `known` does not name
    /// added back byte for byte: to the top-level object, or to each object of the array whose `"id"` matches an
    /// object of `previous`'s array. Identifiers that are UUIDs match whatever the case of their letters (`5a3e…` is
    /// `5A3E…`): many tools write them in lower case, and a save writes them again in upper case.
    ///
    /// A field in `known` that the new value lacks stays removed (a setting back at its default), and an element of
    /// `previous` that the new value no longer holds (a removed todo) stays removed with all its fields.
    ///
    /// - Returns: The new file's bytes, or `nil` when there is nothing to add back (`encoded` is then the file).
    static func keepingUnknownMembers(of previous: Data, in encoded: Data, known: Set<String>) -> Data? {
        guard let old = document(previous), let new = document(encoded) else { return nil }
        switch (old, new) {
        case (.object(let oldMembers), .object(let newMembers)):
            let kept = unknown(oldMembers, besides: newMembers, known: known)
            guard !kept.isEmpty else { return nil }
            return Data(render(object: newMembers + kept, indent: ""))
        case (.array(let oldElements), .array(let newElements)):
            var byIdentity: [String: [Member]] = [:]
            for case let members? in oldElements {
                if let identity = identity(of: members) { byIdentity[identity] = members }
            }
            var isChanged = false
            var elements: [[Member]] = []
            for element in newElements {
                guard let members = element else { return nil }
                let previous = identity(of: members).flatMap { byIdentity[$0] } ?? []
                let kept = unknown(previous, besides: members, known: known)
                isChanged = isChanged || !kept.isEmpty
                elements.append(members + kept)
            }
            guard isChanged else { return nil }
            let rendered = elements.map { Array("  ".utf8) + render(object: $0, indent: "  ") }
            return Data(Array("[\n".utf8) + Array(rendered.joined(separator: Array(",\n".utf8))) + Array("\n]".utf8))
        default:
            return nil
        }
    }

    /// The document's objects split into members, or `nil` when it is neither an object nor an array, or is not
    /// well formed.
    static func document(_ data: Data) -> Document? {
        var scanner = Scanner(bytes: Array(data))
        let document: Document?
        switch scanner.next {
        case UInt8(ascii: "{"): document = scanner.members().map(Document.object)
        case UInt8(ascii: "["): document = scanner.elements().map(Document.array)
        default: return nil
        }
        return scanner.next == nil ? document : nil
    }

    /// The members of `previous` that `known` does not name and `current` does not hold.
    private static func unknown(_ previous: [Member], besides current: [Member], known: Set<String>) -> [Member] {
        let present = Set(current.map(\.rawName))
        return previous.filter { member in
            !present.contains(member.rawName) && !(member.name.map(known.contains) ?? false)
        }
    }

    /// What identifies an object by its `"id"`: a UUID in one spelling, any other value as it was written.
    private static func identity(of members: [Member]) -> String? {
        guard let id = members.first(where: { $0.name == "id" }) else { return nil }
        if let text = string(id.rawValue), let uuid = UUID(uuidString: text) { return uuid.uuidString }
        return String(decoding: id.rawValue, as: UTF8.self)
    }

    /// The text of a JSON string as written, or `nil` when it is not one or is not a Swift string.
    static func string(_ raw: [UInt8]) -> String? {
        try? JSONDecoder().decode([String].self, from: Data(Array("[".utf8) + raw + Array("]".utf8))).first
    }

    /// The object's members, sorted by name as the encoder sorts them, one per line: `{\n  "id" : …,\n  …\n}`.
    private static func render(object members: [Member], indent: String) -> [UInt8] {
        let sorted = members.sorted { lhs, rhs in
            (lhs.name ?? String(decoding: lhs.rawName, as: UTF8.self))
                < (rhs.name ?? String(decoding: rhs.rawName, as: UTF8.self))
        }
        let lines = sorted.map { Array("\(indent)  ".utf8) + $0.rawName + Array(" : ".utf8) + $0.rawValue }
        return Array("{\n".utf8) + Array(lines.joined(separator: Array(",\n".utf8))) + Array("\n\(indent)}".utf8)
    }
}

/// Reads a well-formed JSON document's structure, keeping the byte ranges of names and values.
private struct Scanner {
    let bytes: [UInt8]
    var position = 0

    /// The next byte that is not white space, not consumed; `nil` at the end.
    var next: UInt8? {
        mutating get {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x0A, 0x0D, 0x09: position += 1
                default: return bytes[position]
                }
            }
            return nil
        }
    }

    /// Consumes `byte` when it comes next.
    mutating func take(_ byte: Character) -> Bool {
        guard next == byte.asciiValue else { return false }
        position += 1
        return true
    }

    /// The members of the object that comes next.
    mutating func members() -> [JSONMembers.Member]? {
        guard take("{") else { return nil }
        var members: [JSONMembers.Member] = []
        if take("}") { return members }
        repeat {
            guard next == UInt8(ascii: "\""), let name = skipValue(), take(":"), let value = skipValue() else {
                return nil
            }
            members.append(
                JSONMembers.Member(
                    name: JSONMembers.string(Array(bytes[name])), rawName: Array(bytes[name]),
                    rawValue: Array(bytes[value])))
        } while take(",")
        return take("}") ? members : nil
    }

    /// The elements of the array that comes next: each object's members, `nil` for other values.
    mutating func elements() -> [[JSONMembers.Member]?]? {
        guard take("[") else { return nil }
        var elements: [[JSONMembers.Member]?] = []
        if take("]") { return elements }
        repeat {
            if next == UInt8(ascii: "{") {
                guard let members = members() else { return nil }
                elements.append(members)
            } else {
                guard skipValue() != nil else { return nil }
                elements.append(nil)
            }
        } while take(",")
        return take("]") ? elements : nil
    }

    /// The position of the quote that ends the string whose text starts at `start`: the first quote after an even
    /// number of backslashes. `memchr` finds each quote, so a title of megabytes is skipped at once.
    func endOfString(from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            var from = start
            while from < buffer.count, let found = memchr(base + from, Int32(UInt8(ascii: "\"")), buffer.count - from) {
                let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                var backslashes = 0
                while quote - backslashes - 1 >= start && buffer[quote - backslashes - 1] == UInt8(ascii: "\\") {
                    backslashes += 1
                }
                if backslashes % 2 == 0 { return quote }
                from = quote + 1
            }
            return nil
        }
    }

    /// Consumes the value that comes next, and returns where its bytes are.
    mutating func skipValue() -> Range<Int>? {
        guard let first = next else { return nil }
        let start = position
        switch first {
        case UInt8(ascii: "{"):
            guard members() != nil else { return nil }
        case UInt8(ascii: "["):
            guard elements() != nil else { return nil }
        case UInt8(ascii: "\""):
            guard let end = endOfString(from: position + 1) else { return nil }
            position = end + 1
        default:
            // A number, `true`, `false` or `null`: up to the next delimiter.
            let delimiters = Array(",}] \n\r\t".utf8)
            while position < bytes.count && !delimiters.contains(bytes[position]) { position += 1 }
            guard position > start else { return nil }
        }
        return start..<position
    }
}

import Foundation

/// Any JSON document, kept as it was read: what lets a save keep the fields this version of todos does not know.
///
/// Numbers stay integers when they were written as integers, so an unknown `"count": 3` is saved back as `3`; other
/// numbers keep their digits (up to 38 of them) as a `Decimal`, so `12345678901234567890`, which no 64-bit integer
/// holds, is not rounded to a `Double`'s 17 digits. Only a number beyond a `Decimal`'s range (`1e300`) is a `Double`.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
enum JSONValue: Codable, Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case decimal(Decimal)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Decimal.self) {
            self = .decimal(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try Self.decodeArray(container, at: decoder.codingPath) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The array, or `nil` when the value is not one. An element that cannot be decoded is thrown with its own
    /// position, so that the error names the value that no case holds, not the array it is in.
    private static func decodeArray(
        _ container: any SingleValueDecodingContainer,
        at path: [any CodingKey]
    ) throws -> [JSONValue]? {
        do {
            return try container.decode([JSONValue].self)
        } catch let error as DecodingError {
            if JSONProblem.codingPath(of: error).count > path.count { throw error }
            return nil
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .decimal(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// `saved` with the fields of `original` that are not in `known` added back: to each object, and to each object
    /// of an array whose `"id"` matches an object of `original`'s array. Identifiers that are UUIDs match whatever the
    /// case of their letters (`5a3e…` is `5A3E…`): many tools write them in lower case, and a save writes them again
    /// in upper case.
    ///
    /// A field in `known` that `saved` lacks stays removed (a setting back at its default), and an element of
    /// `original` that `saved` no longer holds (a removed todo) stays removed with all its fields.
    static func keepingUnknownFields(of original: JSONValue, in saved: JSONValue, known: Set<String>) -> JSONValue {
        switch (original, saved) {
        case (.object(let old), .object(var new)):
            for (key, value) in old where !known.contains(key) && new[key] == nil {
                new[key] = value
            }
            return .object(new)
        case (.array(let old), .array(let new)):
            var byID: [JSONValue: JSONValue] = [:]
            for element in old {
                if case .object(let fields) = element, let id = fields["id"] { byID[identity(id)] = element }
            }
            return .array(
                new.map { element in
                    guard case .object(let fields) = element, let id = fields["id"], let previous = byID[identity(id)]
                    else {
                        return element
                    }
                    return keepingUnknownFields(of: previous, in: element, known: known)
                })
        default:
            return saved
        }
    }

    /// What identifies an element by its `"id"`: a UUID in one spelling, any other value as it is.
    private static func identity(_ id: JSONValue) -> JSONValue {
        guard case .string(let text) = id, let uuid = UUID(uuidString: text) else { return id }
        return .string(uuid.uuidString)
    }
}

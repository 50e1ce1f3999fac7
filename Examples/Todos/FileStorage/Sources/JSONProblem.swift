import Foundation

/// Short reasons for JSON that does not decode, without the decoder's internals: what a message about a corrupt
/// data file says in its parentheses.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
enum JSONProblem {
    /// `not valid JSON`, `no "id" at [0]`, `unexpected content at [0].id`.
    ///
    /// - Parameters:
    ///   - error: What the decoder threw.
    ///   - data: The bytes it decoded: Foundation's decoder says "not valid JSON" also for valid JSON that holds a
    ///     number its field cannot hold (`"priority": 1.5`), which only the bytes tell apart.
    static func summary(of error: DecodingError, in data: Data) -> String {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) == nil
                ? "not valid JSON"
                : "a number that its field cannot hold, such as a priority that is not a whole number"
        case .keyNotFound(let key, let context):
            "no \"\(key.stringValue)\" at \(position(context.codingPath))"
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            "unexpected content at \(position(context.codingPath))"
        @unknown default:
            "unexpected content"
        }
    }

    private static func position(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "the top level" }
        return path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
    }
}

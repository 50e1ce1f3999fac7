/// Short reasons for JSON that does not decode, without the decoder's internals: what a message about a corrupt
/// data file says in its parentheses.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
enum JSONProblem {
    /// `not valid JSON`, `no "id" at [0]`, `unexpected content at [0].id`.
    static func summary(of error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            "not valid JSON"
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

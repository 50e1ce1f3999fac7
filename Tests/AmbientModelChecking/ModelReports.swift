import Ambient
import Foundation

/// Where the roots of the model's programs send what Ambient reports: kept, in a form the reference model predicts,
/// instead of printed (a report on standard error would read as a test's).
///
/// Every key of a program has a testing value, so what a program can make Ambient report is a default's late read
/// (`late k<key>`, once per root, key and read) and a chain of a key's creations (`chain k<key>`, once per root and
/// key); anything else is kept whole, so that the check fails on it.
final class ModelReports: _DependencyIssueReporter {
    private let lock = NSLock()
    // Safe: behind `lock`.
    nonisolated(unsafe) private var received: [String] = []

    func report(_ kind: _DependencyIssueKind, _ message: String) {
        lock.withLock { received.append(Self.canonical(message)) }
    }

    func handles(_ kind: _DependencyIssueKind) -> Bool { true }
    func willCreate(_ key: any DependencyKey.Type) {}

    /// What was reported so far.
    var reports: [String] { lock.withLock { received } }

    /// `message` in the model's words: `late k<key>` for a late read (whichever key it names as read, since the
    /// core names a key it never created "a key"), `chain k<key>` for a chain, else the message.
    static func canonical(_ message: String) -> String {
        let forms = [
            ("late", "which its first creation did not", "Ambient: ", "'s default read "),
            ("chain", "again, a second time", "a task that a value of ", " started"),
        ]
        // The index of the model key named between `start` and the next `end`.
        for (name, marker, start, end) in forms where message.contains(marker) {
            guard let from = message.range(of: start)?.upperBound, let to = message[from...].range(of: end)?.lowerBound,
                let key = ModelKeys.indexByName[String(message[from..<to])]
            else { continue }
            return "\(name) k\(key)"
        }
        return message
    }
}

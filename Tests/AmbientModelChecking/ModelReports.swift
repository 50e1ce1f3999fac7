import Ambient
import Foundation

/// Where the roots of the model's programs send what Ambient reports: kept, in a form the reference model predicts,
/// instead of printed (a report on standard error would read as a test's).
///
/// Every key of a program has a testing value, so what a program can make Ambient report is a default's late read
/// (`late k<key>`, once per root, key and read) and a chain of a key's creations (`chain k<key>`, once per root and
/// key); anything else is kept whole, so that the check fails on it.
final class ModelReports: _DependencyIssueReporter {
    private let received = _Locked<[String]>([])

    /// What was reported so far.
    var reports: [String] { received.withLock { $0 } }

    /// Keeps `message` in the model's words: `late k<key>` for a late read, `chain k<key>` for a chain, else the
    /// message. The key is the first that the message names: the one whose default read late (the key it read comes
    /// after, and the core names a key it never created "a key"), or whose values' tasks made the chain.
    func report(_ kind: _DependencyIssueKind, _ message: String) {
        let forms = ["late": "which its first creation did not", "chain": "again, a second time"]
        guard let name = forms.first(where: { message.contains($0.value) })?.key,
            let start = ["Next<", "K0"].compactMap({ message.range(of: $0)?.lowerBound }).min(),
            let end = message[start...].range(of: "K0")?.lowerBound
        else { return received.withLock { $0.append(message) } }
        // Key n is written `Next<` n times around `K0`.
        let key = message[start..<end].count / "Next<".count
        received.withLock { $0.append("\(name) k\(key)") }
    }
}

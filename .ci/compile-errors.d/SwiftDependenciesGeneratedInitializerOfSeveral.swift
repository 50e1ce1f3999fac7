// expect: error: missing arguments for parameters 'run', 'log' in call
// guide row: Self()
import Ambient

struct ProcessClient: Sendable {
    var run: @Sendable (String) async throws -> Int
    var log: @Sendable (String) -> Void
}

extension ProcessClient: DependencyKey {
    static let defaultValue = ProcessClient(run: { _ in 0 }, log: { _ in })
    static let testingValue = ProcessClient()
}

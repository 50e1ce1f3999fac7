import Dispatch
import Foundation

/// Whether the caller runs on the main actor, asked without stopping the process when it does not, so that Ambient
/// can stop with a message that says what to do instead (`MainActor.assumeIsolated` alone stops with none).
///
/// The main actor runs on the main thread, or — once the main thread has handed the main queue to Dispatch
/// (`dispatchMain()`, as `swift test` does on Linux) — in the main queue's blocks, on another thread. A caller for
/// which this says `true` then calls `MainActor.assumeIsolated`, which checks again: this check only chooses between
/// that and the message, so it can never let a caller off the main actor run isolated code.
enum MainActorCheck {
    /// A key the main queue holds, so that a block it runs can be told from one another queue runs.
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    static var isOnMainActor: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
    }
}

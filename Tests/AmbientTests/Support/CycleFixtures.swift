import Ambient
import Dispatch
import Foundation

// Keys whose defaults read each other, for the exit tests of the rule "cycles are named" (Semantics).

enum SelfCycleKey: DependencyKey {
    static var defaultValue: Int { DependencyValues.current[SelfCycleKey.self] + 1 }
    static var testingValue: Int { defaultValue }
}

enum CycleAKey: DependencyKey {
    static var defaultValue: Int { DependencyValues.current[CycleBKey.self] }
    static var testingValue: Int { defaultValue }
}

enum CycleBKey: DependencyKey {
    static var defaultValue: Int { DependencyValues.current[CycleCKey.self] }
    static var testingValue: Int { defaultValue }
}

enum CycleCKey: DependencyKey {
    static var defaultValue: Int { DependencyValues.current[CycleAKey.self] }
    static var testingValue: Int { defaultValue }
}

/// A default that keeps a `@Dependency` on its own key: not a cycle, since the property is read later.
struct SelfReferencingClient: DependencyKey, Sendable {
    @Dependency(SelfReferencingClient.self) var me
    var name = "client"
    static var defaultValue: SelfReferencingClient { SelfReferencingClient() }
    static var testingValue: SelfReferencingClient { SelfReferencingClient() }
}

/// Two keys whose defaults read each other from two threads: each creation starts before either reads the other,
/// so the second thread to wait would wait for a thread that waits for it.
enum CrossThreadAKey: DependencyKey {
    static var defaultValue: Int {
        CrossThreadRendezvous.arrive()
        return DependencyValues.current[CrossThreadBKey.self]
    }
    static var testingValue: Int { defaultValue }
}

enum CrossThreadBKey: DependencyKey {
    static var defaultValue: Int {
        CrossThreadRendezvous.arrive()
        return DependencyValues.current[CrossThreadAKey.self]
    }
    static var testingValue: Int { defaultValue }
}

/// Lets both creations start before either goes on.
enum CrossThreadRendezvous {
    private static let arrivals = DispatchSemaphore(value: 0)
    private static let departures = DispatchSemaphore(value: 0)

    static func arrive() {
        arrivals.signal()
        departures.wait()
    }

    /// Waits until both threads arrived, then lets them go.
    static func release() {
        arrivals.wait()
        arrivals.wait()
        departures.signal()
        departures.signal()
    }
}

/// A default that hands work to another thread and waits for it, where that work reads a key built from this one:
/// a cycle through a thread hand-off, which Ambient cannot see.
enum HandOffAKey: DependencyKey {
    static var defaultValue: Int {
        let values = DependencyValues.current
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = values[HandOffBKey.self]
            done.signal()
        }
        done.wait()
        return 1
    }
    static var testingValue: Int { defaultValue }
}

enum HandOffBKey: DependencyKey {
    static var defaultValue: Int { DependencyValues.current[HandOffAKey.self] + 1 }
    static var testingValue: Int { defaultValue }
}

/// A default that is slow but correct: it finishes only once a thread that waits for it has said so (the test that
/// reads it signals ``warned`` after the warning), however long the machine takes to get there.
enum SlowKey: DependencyKey {
    static let warned = DispatchSemaphore(value: 0)
    static var defaultValue: Int {
        warned.wait()
        return 7
    }
    static var testingValue: Int { defaultValue }
}

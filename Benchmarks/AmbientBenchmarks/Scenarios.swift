import Ambient
import BenchmarkSupport
import Dispatch

// Every timed body, each a function of its iteration count.
//
// NB: they are written here, not in `main.swift`, so that none is isolated to the main actor. A closure written in
// top-level code is, and when a function that Swift cannot see into (`TaskLocal.withValue`) calls such a closure,
// the closure first checks that it runs on the main actor (Swift 6's dynamic isolation check). That check cost
// about 35 ns in the hand-written scope, close to the 45 ns of the `withValue` it surrounded, while Ambient's
// scopes, inlined into the caller, escaped it. With a task-local read that the scopes' bodies did not make, it took
// the baseline from 45 ns to 95 ns, and the scope read 1.9× where it is 4×.

/// The body of a measured scenario: runs it `count` times.
typealias Scenario = (_ count: Int) -> Void

enum Scenarios {
    // MARK: Reads

    static func staticRead() -> Scenario {
        { count in
            for _ in 0..<count { sink(StaticClient.shared) }
        }
    }

    /// A stored `Int` property of a class, read through the object each time.
    static func storedIntReads(_ fields: StoredFields) -> Scenario {
        { count in
            let fields = opaque(fields)
            for _ in 0..<count { sink(fields.number) }
        }
    }

    /// A stored property holding an object, read through its holder each time: one load and one retain a read.
    static func storedObjectReads(_ fields: StoredFields) -> Scenario {
        { count in
            let fields = opaque(fields)
            for _ in 0..<count { sink(fields.client) }
        }
    }

    /// Reads of a value-type dependency through `owner`: a class, a `DependencyOwner` or a struct.
    ///
    /// NB: generic over the owner, and specialized for each: the loop is the one a hand-written body would be.
    static func valueReads<Owner: SettingsReading>(_ owner: Owner) -> Scenario {
        { count in
            let owner = opaque(owner)
            for _ in 0..<count { sink(owner.settings.retries) }
        }
    }

    /// Reads of a class-type dependency through `owner`: a class or a `DependencyOwner`.
    static func clientReads<Owner: ClientReading>(_ owner: Owner) -> Scenario {
        { count in
            let owner = opaque(owner)
            for _ in 0..<count { sink(owner.client) }
        }
    }

    /// Reads a client that names its own key, which its values hold `weak`, through a class owner.
    static func selfNamingClientReads(_ owner: SelfNamingClientOwner) -> Scenario {
        { count in
            let owner = opaque(owner)
            for _ in 0..<count { sink(owner.client) }
        }
    }

    /// Reads through a struct owner created where `overrides` keys are overridden.
    static func structOwnerReads(overrides: Int) -> Scenario {
        let owner = withDependencies(DependencyValues.withNumberedKeys(overrides)) { Owner() }
        _ = owner.client
        return { count in
            let owner = opaque(owner)
            for _ in 0..<count { sink(owner.client) }
        }
    }

    /// Reads of `DependencyValues.current` in a scope where `overrides` keys are overridden.
    static func currentReads(overrides: Int) -> Scenario {
        let values = DependencyValues.withNumberedKeys(overrides)
        withDependencies(values) { _ = DependencyValues.current.benchClient }
        return { count in
            withDependencies(values) {
                for _ in 0..<count { sink(DependencyValues.current.benchClient) }
            }
        }
    }

    // MARK: Scopes

    /// The baseline: an empty `TaskLocal.withValue`, whose body does what a scope's body does.
    static func emptyTaskLocalScope() -> Scenario {
        { count in
            for index in 0..<count {
                HandScope.$value.withValue(index) { sink(index) }
            }
        }
    }

    /// The least any scope on a task-local can do: read the task-local, make one node that holds the outer node and
    /// the override, bind it, free it.
    static func leastScope(_ client: BenchClient) -> Scenario {
        { count in
            HandScope.$node.withValue(HandScope.Node(parent: nil, value: client)) {
                for index in 0..<count {
                    let outer = HandScope.node
                    HandScope.$node.withValue(HandScope.Node(parent: outer, value: opaque(client))) { sink(index) }
                }
            }
        }
    }

    /// An override scope entered and left in a scope where `keys` keys are already set.
    static func scope(overriding client: BenchClient, keysSet keys: Int) -> Scenario {
        let values = DependencyValues.withNumberedKeys(keys)
        return { count in
            withDependencies(values) {
                for index in 0..<count {
                    withDependencies {
                        $0.benchClient = client
                    } operation: {
                        sink(index)
                    }
                }
            }
        }
    }

    static func scopeReadingItsOverride(_ client: BenchClient) -> Scenario {
        { count in
            for _ in 0..<count {
                withDependencies {
                    $0.benchClient = client
                } operation: {
                    sink(DependencyValues.current.benchClient)
                }
            }
        }
    }

    // MARK: Building objects (each one escapes to the heap through the sink)

    static func buildByHand(_ clients: [BenchClient]) -> Scenario {
        { count in
            let c = opaque(clients)
            for _ in 0..<count {
                sink(InjectedTen(c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9]))
            }
        }
    }

    /// The least a plain class's ten properties can do when each keeps its creation scope: one task-local read each.
    static func buildReadingTheTaskLocalTenTimes() -> Scenario {
        { count in
            HandScope.$node.withValue(HandScope.Node(parent: nil, value: BenchClient(id: 0))) {
                for _ in 0..<count { sink(HandTen()) }
            }
        }
    }

    /// The least object as above whose properties also keep their key paths, the floor of any wrapper declared with
    /// one.
    static func buildReadingTheTaskLocalAndKeepingKeyPaths() -> Scenario {
        { count in
            HandScope.$node.withValue(HandScope.Node(parent: nil, value: BenchClient(id: 0))) {
                for _ in 0..<count { sink(HandTenKeepingKeyPaths()) }
            }
        }
    }

    static func buildWrapped() -> Scenario {
        { count in
            for _ in 0..<count { sink(WrappedTen()) }
        }
    }

    static func buildKeyed() -> Scenario {
        { count in
            for _ in 0..<count { sink(KeyedTen()) }
        }
    }

    static func buildOwned() -> Scenario {
        { count in
            for _ in 0..<count { sink(OwnedTen()) }
        }
    }

    static func buildInjected() -> Scenario {
        { count in
            let values = DependencyValues.current
            for _ in 0..<count { sink(InjectedTen(dependencies: values)) }
        }
    }

    // MARK: First read of a default

    static func createByHand() -> Scenario {
        { count in
            for index in 0..<count { sink(BenchClient(id: index)) }
        }
    }

    static func firstReads() -> Scenario {
        { count in
            for _ in 0..<count {
                sink(DependencyValues.freshRoot().benchClient)
            }
        }
    }

    // MARK: Two threads

    /// Reads `subject` on `threads` threads, `count` reads in all. Each thread takes its own reference to the subject
    /// once, before its loop, so the loop measures the read and nothing else.
    static func readConcurrently<Subject: Sendable>(
        threads: Int, of subject: Subject, read: @escaping @Sendable (Subject) -> Void
    ) -> Scenario {
        { count in
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                let mine = opaque(subject)
                for _ in 0..<(count / threads) { read(mine) }
            }
        }
    }
}

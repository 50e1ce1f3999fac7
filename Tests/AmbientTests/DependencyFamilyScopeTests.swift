import Foundation
import Testing

@testable import Ambient

/// The base URL that the endpoints below are built from.
private enum BaseURLKey: DependencyKey {
    static var defaultValue: String { "https://live.example" }
    static var testingValue: String { "https://root.example" }
}

/// A member whose creation reads `baseURL`: an endpoint per path, counted while it lives.
private final class Endpoint: Sendable {
    let path: String
    let baseURL: String
    let parent: Endpoint?
    private let instances: LiveInstances?

    init(path: String, baseURL: String, parent: Endpoint?, instances: LiveInstances?) {
        self.path = path
        self.baseURL = baseURL
        self.parent = parent
        self.instances = instances
        instances?.created()
    }

    deinit { instances?.freed() }
}

/// How many times each path's endpoint was created, across the tests (each test uses paths of its own).
private let endpointCreations = ConditionLock<[String: Int]>([:])

/// The endpoints alive, for the tests that count them (their paths start with "counted/").
private let countedEndpoints = LiveInstances()

/// A family whose members read `baseURL`; a path with a slash in it also reads its parent's member.
private enum EndpointKey: DependencyFamilyKey {
    static func defaultValue(for path: String) -> Endpoint { testingValue(for: path) }
    static func testingValue(for path: String) -> Endpoint {
        endpointCreations.withLock { $0[path, default: 0] += 1 }
        let parentPath = path.split(separator: "/").dropLast().joined(separator: "/")
        let parent = path.hasPrefix("tree/") ? DependencyValues.current.endpoints[parentPath] : nil
        return Endpoint(
            path: path, baseURL: DependencyValues.current.baseURL, parent: parent,
            instances: path.hasPrefix("counted/") ? countedEndpoints : nil)
    }
}

/// The boxes that `BoxedEndpointKey`'s members hold, counted.
private let boxedEndpoints = LiveInstances()

/// A family whose members are values (arrays), kept as long as the family that made them.
private enum BoxedEndpointKey: DependencyFamilyKey {
    static func defaultValue(for path: String) -> [Endpoint] { testingValue(for: path) }
    static func testingValue(for path: String) -> [Endpoint] {
        [Endpoint(path: path, baseURL: DependencyValues.current.baseURL, parent: nil, instances: boxedEndpoints)]
    }
}

/// Releases the task that the creation of `TaskStartingKey`'s member "starter" starts, and what that task then read.
private let (taskRelease, releaseTask) = AsyncStream<Void>.makeStream()
private let (taskReads, reportTaskRead) = AsyncStream<String>.makeStream()

/// A family whose member "starter" starts a task that, once released, reads a member in a scope of its own.
private enum TaskStartingKey: DependencyFamilyKey {
    static func defaultValue(for path: String) -> String { testingValue(for: path) }
    static func testingValue(for path: String) -> String {
        if path == "starter" {
            Task {
                for await _ in taskRelease { break }
                let read = withDependencies {
                    $0.baseURL = "https://task.example"
                } operation: {
                    DependencyValues.current[TaskStartingKey.self]["read"]
                }
                reportTaskRead.yield(read)
            }
        }
        return "\(path) from \(DependencyValues.current.baseURL)"
    }
}

/// A default built from a member: the client of the endpoint "client".
private final class Client: Sendable {
    let endpoint: Endpoint
    init(endpoint: Endpoint) { self.endpoint = endpoint }
}

private enum ClientKey: DependencyKey {
    static var defaultValue: Client { Client(endpoint: DependencyValues.current.endpoints["client"]) }
    static var testingValue: Client { defaultValue }
}

extension DependencyValues {
    fileprivate var baseURL: String {
        get { self[BaseURLKey.self] }
        set { self[BaseURLKey.self] = newValue }
    }
    fileprivate var endpoints: DependencyFamily<String, Endpoint> {
        get { self[EndpointKey.self] }
        set { self[EndpointKey.self] = newValue }
    }
}

/// Members of a scope: built from its values, one per argument while it lives, shared by the scopes that override
/// nothing they read.
@Suite struct DependencyFamilyScopeTests {
    /// The endpoint for `path`, read in a scope that `update` sets.
    private func endpoint(_ path: String, in update: (inout DependencyValues) -> Void) -> Endpoint {
        withDependencies(update) { DependencyValues.current.endpoints[path] }
    }

    @Test func memberReadInAScopeThatOverridesWhatItReadsIsBuiltFromTheOverride() {
        withFreshRoot {
            let before = DependencyValues.current.endpoints["scoped/a"]
            let (first, second) = withDependencies {
                $0.baseURL = "https://scope.example"
            } operation: {
                (DependencyValues.current.endpoints["scoped/a"], DependencyValues.current.endpoints["scoped/a"])
            }
            #expect(first.baseURL == "https://scope.example")
            #expect(first === second)
            #expect(before.baseURL == "https://root.example")
            #expect(DependencyValues.current.endpoints["scoped/a"] === before)
        }
        #expect(endpointCreations.withLock { $0["scoped/a"] } == 2)
    }

    @Test func siblingScopesThatOverrideWhatMembersReadGetOneEach() {
        withFreshRoot {
            let left = endpoint("sibling/a") { $0.baseURL = "https://left.example" }
            let right = endpoint("sibling/a") { $0.baseURL = "https://right.example" }
            #expect(left.baseURL == "https://left.example" && right.baseURL == "https://right.example")
            #expect(DependencyValues.current.endpoints["sibling/a"].baseURL == "https://root.example")
        }
    }

    @Test func scopeThatOverridesNothingMembersReadSharesTheEnclosingMembers() {
        withFreshRoot {
            let scoped = endpoint("shared/a") { $0.liveOnly = "scope" }
            #expect(scoped.baseURL == "https://root.example")
            #expect(DependencyValues.current.endpoints["shared/a"] === scoped)
        }
    }

    @Test func defaultBuiltFromAMemberFollowsAnOverrideOfWhatTheMemberReads() {
        withFreshRoot {
            let rootClient = DependencyValues.current[ClientKey.self]
            let scopeClient = withDependencies {
                $0.baseURL = "https://scope.example"
            } operation: {
                DependencyValues.current[ClientKey.self]
            }
            #expect(rootClient.endpoint.baseURL == "https://root.example")
            #expect(scopeClient.endpoint.baseURL == "https://scope.example")
            #expect(DependencyValues.current[ClientKey.self] === rootClient)
        }
    }

    @Test func sixtyFourThreadsRacingOnOneArgumentInOneScopeCreateOneMember() {
        let threads = RacingThreads(count: 64)
        defer { threads.stop() }
        let held = ConditionLock<[Endpoint]>([])
        withFreshRoot {
            for round in 0..<20 {
                let values = withDependencies {
                    $0.baseURL = "https://race\(round).example"
                } operation: {
                    DependencyValues.current
                }
                threads.race { _ in
                    let endpoint = withDependencies(values) { DependencyValues.current.endpoints["race/\(round)"] }
                    held.withLock { $0.append(endpoint) }
                }
            }
        }
        let endpoints = held.withLock { $0 }
        #expect(endpoints.count == 64 * 20)
        #expect(Set(endpoints.map { ObjectIdentifier($0) }).count == 20)
        #expect(endpoints.allSatisfy { $0.baseURL == "https://race\($0.path.dropFirst(5)).example" })
        let counts = endpointCreations.withLock { $0.filter { $0.key.hasPrefix("race/") }.map(\.value) }
        #expect(counts.count == 20 && counts.allSatisfy { $0 == 1 })
    }

    @Test func membersAreFreedWithTheirScope() {
        withFreshRoot {
            let rootMember = DependencyValues.current[BoxedEndpointKey.self]["freed/a"]
            withDependencies {
                $0.baseURL = "https://scope.example"
            } operation: {
                let member = DependencyValues.current[BoxedEndpointKey.self]["freed/a"]
                #expect(DependencyValues.current[BoxedEndpointKey.self]["freed/a"][0] === member[0])
                #expect(member[0].baseURL == "https://scope.example")
                #expect(boxedEndpoints.alive == 2)
            }
            #expect(boxedEndpoints.alive == 1)
            #expect(rootMember[0].baseURL == "https://root.example")
        }
        #expect(boxedEndpoints.alive == 0)
    }

    @Test func hundredThousandArgumentsInAScopeKeepOnlyTheMembersInUse() {
        withFreshRoot {
            withDependencies {
                $0.baseURL = "https://feed.example"
            } operation: {
                var held: [Endpoint] = []
                var mostKept = 0
                for index in 0..<100_000 {
                    let endpoint = DependencyValues.current.endpoints["counted/\(index)"]
                    if index.isMultiple(of: 1_000) { held.append(endpoint) }
                    mostKept = max(mostKept, DependencyValues.current[FamilyMembersKey<EndpointKey>.self].keptCount)
                }
                // 100 members are held: the scope's family keeps them and at most twice as many slots, plus 64.
                #expect(countedEndpoints.alive == 100)
                #expect(mostKept <= 2 * 100 + 64)
                #expect(held.allSatisfy { DependencyValues.current.endpoints[$0.path] === $0 })
                held.removeAll()
                #expect(countedEndpoints.alive == 0)
            }
        }
    }

    @Test func memberThatReadsAnotherOfItsFamilyOnItsFirstCreationInAScopeGetsTheScopesOne() {
        withFreshRoot {
            withDependencies {
                $0.baseURL = "https://tree.example"
            } operation: {
                let leaf = DependencyValues.current.endpoints["tree/a/b"]
                #expect(leaf.parent === DependencyValues.current.endpoints["tree/a"])
                #expect(leaf.parent?.baseURL == "https://tree.example")
            }
        }
    }

    @Test func taskThatAMembersCreationStartsReadsTheMembersOfTheScopeItReadsInOnceTheCreationEnded() async {
        let starter = withFreshRoot { DependencyValues.current[TaskStartingKey.self]["starter"] }
        #expect(starter == "starter from https://root.example")
        releaseTask.yield()
        var reads = taskReads.makeAsyncIterator()
        #expect(await reads.next() == "read from https://task.example")
    }
}

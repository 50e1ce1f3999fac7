import Testing

@testable import Ambient

/// A connection that an `Opener` opens asynchronously.
private final class Connection: Sendable {}

private struct OpeningFailed: Error, Equatable {}

/// Counted while it lives.
private final class Token: Sendable {
    private let instances: LiveInstances
    init(_ instances: LiveInstances) {
        self.instances = instances
        instances.created()
    }
    deinit { instances.freed() }
}

/// Opens connections, counting each creation; what it waits for and when it fails is the test's.
private final class Opener: Sendable {
    let creations = ConditionLock(0)
    private let before: @Sendable (Int) async throws -> Void

    init(before: @escaping @Sendable (_ creation: Int) async throws -> Void = { _ in }) {
        self.before = before
    }

    func open() async throws -> Connection {
        let creation = creations.withLock {
            $0 += 1
            return $0
        }
        try await before(creation)
        return Connection()
    }
}

/// Opens once: suspends every caller until `open()` is called, then lets them all through, now and later.
private actor Latch {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}

/// Counts arrivals and lets waiters through once `count` have arrived.
private actor Arrivals {
    private let count: Int
    private var arrived = 0
    private let all = Latch()

    init(count: Int) { self.count = count }

    func arrive() async {
        arrived += 1
        if arrived == count { await all.open() }
    }

    func waitForAll() async { await all.wait() }
}

private enum OpenerKey: DependencyKey {
    static var defaultValue: Opener { Opener() }
    static var testingValue: Opener { Opener() }
}

private enum ConnectionKey: DependencyKey {
    static var defaultValue: AsyncDependency<Connection> {
        let opener = DependencyValues.current[OpenerKey.self]
        return AsyncDependency { try await opener.open() }
    }
    static var testingValue: AsyncDependency<Connection> { defaultValue }
}

@Suite struct AsyncDependencyTests {
    @Test func sixtyFourTasksAwaitingTheFirstReadCreateOneValue() async throws {
        let arrivals = Arrivals(count: 64)
        let opener = Opener { _ in await arrivals.waitForAll() }
        let connections = try await withFreshRoot {
            try await withDependencies {
                $0[OpenerKey.self] = opener
            } operation: {
                try await withThrowingTaskGroup(of: Connection.self) { group in
                    for _ in 0..<64 {
                        group.addTask {
                            await arrivals.arrive()
                            return try await DependencyValues.current[ConnectionKey.self].value
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
            }
        }
        #expect(opener.creations.withLock { $0 } == 1)
        #expect(connections.count == 64)
        #expect(connections.allSatisfy { $0 === connections[0] })
    }

    @Test func failedCreationIsThrownToEveryWaiterAndTheNextAwaitRunsItAgain() async throws {
        let arrivals = Arrivals(count: 2)
        let opener = Opener { creation in
            guard creation == 1 else { return }
            await arrivals.waitForAll()
            throw OpeningFailed()
        }
        let database = AsyncDependency { try await opener.open() }
        let failures = await withTaskGroup(of: (any Error)?.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    await arrivals.arrive()
                    do {
                        _ = try await database.value
                        return nil
                    } catch {
                        return error
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(failures.map { $0 as? OpeningFailed } == [OpeningFailed(), OpeningFailed()])
        #expect(opener.creations.withLock { $0 } == 1)
        let connection = try await database.value
        #expect(try await database.value === connection)
        #expect(opener.creations.withLock { $0 } == 2)
    }

    @Test func cancelledWaiterThrowsCancellationErrorAndTheCreationGoesOnForTheOthers() async throws {
        let started = Latch()
        let release = Latch()
        let opener = Opener { _ in
            await started.open()
            await release.wait()
        }
        let database = AsyncDependency { try await opener.open() }
        let cancelled = Task { try await database.value }
        await started.wait()
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        let other = Task { try await database.value }
        await release.open()
        let connection = try await other.value
        #expect(try database.readyValue === connection)
        #expect(opener.creations.withLock { $0 } == 1)
    }

    @Test func synchronousReadBeforeTheValueIsReadyThrowsAnErrorThatSaysSo() async throws {
        let started = Latch()
        let release = Latch()
        let database = AsyncDependency {
            await started.open()
            await release.wait()
            return Connection()
        }
        #expect(throws: AsyncDependencyNotReadyError(type: "AsyncDependency<Connection>", isRunning: false)) {
            try database.readyValue
        }
        let waiter = Task { try await database.value }
        await started.wait()
        do {
            _ = try database.readyValue
            Issue.record("read a value that is not ready")
        } catch {
            #expect(
                error.description
                    == "AsyncDependency<Connection> is not ready: its creation is running. Await `value` first.")
        }
        await release.open()
        let connection = try await waiter.value
        #expect(try database.readyValue === connection)
    }

    @Test func readyValueIsThereAtOnceWithoutACreation() async throws {
        let connection = Connection()
        let database = AsyncDependency.ready(connection)
        #expect(try database.readyValue === connection)
        #expect(try await database.value === connection)
    }

    @Test func creationRunsInTheValuesTheDependencyWasCreatedIn() async throws {
        let database = withDependencies {
            $0.liveOnly = "where it was created"
        } operation: {
            AsyncDependency { DependencyValues.current.liveOnly }
        }
        let value = try await withDependencies {
            $0.liveOnly = "where it is awaited"
        } operation: {
            try await database.value
        }
        #expect(value == "where it was created")
    }

    @Test func dependencyNeverAwaitedIsFreedWithTheScopeAndTheValuesItKeeps() {
        let instances = LiveInstances()
        withFreshRoot {
            let token = Token(instances)
            withDependencies {
                $0[OpenerKey.self] = Opener { _ in _ = token }
            } operation: {
                _ = DependencyValues.current[ConnectionKey.self]
            }
        }
        #expect(instances.alive == 0)
    }

    @Test func eachRootCreatesItsOwnValue() async throws {
        let opener = Opener()
        @Sendable func connectionOfAFreshRoot() async throws -> Connection {
            try await withFreshRoot {
                try await withDependencies {
                    $0[OpenerKey.self] = opener
                } operation: {
                    try await DependencyValues.current[ConnectionKey.self].value
                }
            }
        }
        let first = try await connectionOfAFreshRoot()
        let second = try await connectionOfAFreshRoot()
        #expect(first !== second)
        #expect(opener.creations.withLock { $0 } == 2)
    }
}

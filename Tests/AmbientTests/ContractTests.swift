import Foundation
import Testing

@testable import Ambient

/// Where two of the core's promises meet, the order that decides (<doc:Semantics>): each test is a natural shape
/// that once broke one of them.
@Suite struct ContractTests {
    /// Semantics: bookkeeping ends with the creation (it keeps alive only what it captures).
    @Test func taskStartedByADefaultDoesNotKeepItAlive() async throws {
        let before = Flusher.live.alive
        weak var firstRoot: Root?
        for request in 1...5_000 {
            let root = Root(context: .testing)
            if request == 1 { firstRoot = root }
            withDependencies(DependencyValues(storage: ScopeNode(root: root))) {
                withDependencies {
                    $0.requestNumber = request
                } operation: {
                    #expect(DependencyValues.current.flusher.requestNumber == request)
                }
            }
        }
        #expect(Flusher.live.alive == before)
        #expect(firstRoot == nil)
    }

    /// Semantics: bookkeeping ends with the creation (its tasks' reads are not its reads).
    @Test func taskStartedByADefaultIsNotItsRead() async throws {
        let result = ConditionLock<(creations: Int, distinct: Int)?>(nil)
        // NB: on a thread of its own, so that the default's wait for its task never holds a thread of the pool.
        let thread = Thread {
            withFreshRoot {
                let before = Heartbeat.creations.value
                var seen: Set<ObjectIdentifier> = []
                for request in 1...100 {
                    withDependencies {
                        $0.requestNumber = request
                    } operation: {
                        seen.insert(ObjectIdentifier(DependencyValues.current.heartbeat))
                    }
                }
                result.withLockBroadcasting { $0 = (Heartbeat.creations.value - before, seen.count) }
            }
        }
        thread.start()
        // NB: waited for off the pool that runs tasks: the default's task needs one of its threads, and a test that
        // held one here while another test held the other would wait for good on a machine with two.
        let outcome = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: result.waitFor { $0 }) }
        }
        #expect(outcome.creations == 1)
        #expect(outcome.distinct == 1)
    }

    /// Semantics: only a real cycle stops the process. The client's getter reads the session; the session keeps a
    /// property on the client, read later: no cycle, in either order.
    @Test(arguments: [true, false])
    func propertyNamingAValueReadAfterItExistsIsNoCycle(clientFirst: Bool) {
        for _ in 1...1_000 {
            withFreshRoot {
                if clientFirst {
                    let client = DependencyValues.current.sessionClient
                    #expect(client.session.client === client)
                } else {
                    let session = DependencyValues.current.userSession
                    #expect(session.client.session === session)
                }
            }
        }
    }

    /// Semantics: only a real cycle stops the process, also from two threads at once.
    @Test func propertyNamingAValueIsNoCycleFromTwoThreads() {
        let threads = RacingThreads(count: 2)
        defer { threads.stop() }
        for _ in 1...1_000 {
            let values = DependencyValues(storage: ScopeNode(root: Root(context: .testing)))
            let clients = ConditionLock<[SessionClient]>([])
            threads.race { index in
                withDependencies(values) {
                    let client =
                        index == 0
                        ? DependencyValues.current.sessionClient : DependencyValues.current.userSession.client
                    clients.withLock { $0.append(client) }
                }
            }
            let both = clients.withLock { $0 }
            #expect(both.count == 2 && both[0] === both[1])
            #expect(both[0].session.client === both[0])
        }
    }

    /// Semantics: lazy is lazy. A default that keeps a property on the database creates no database, and so a test
    /// that never uses it is not told that the database has no testing value.
    @Test func creatingAnObjectCreatesNoDependencyValue() {
        let before = DatabaseKey.defaultCreations.value
        let log = collectingReports {
            withFreshRoot {
                _ = DependencyValues.current.auditedAnalytics
                withDependencies {
                    $0.requestNumber = 7
                } operation: {
                    _ = DependencyValues.current.auditedAnalytics
                }
            }
        }
        #expect(DatabaseKey.defaultCreations.value == before)
        #expect(log.messages == [])
    }

    /// Semantics: lazy is lazy, and the property's key is enough to rebuild: a scope that overrides the database
    /// gets an analytics client whose property reads its database.
    @Test func propertyKeyAloneRebuildsTheDefaultForAnOverridingScope() {
        withFreshRoot {
            // The key path's key is learned from its first read.
            _ = withDependencies {
                $0.database = Database()
            } operation: {
                DependencyValues.current.database
            }
            let root = DependencyValues.current.auditedAnalytics
            let stub = Database()
            withDependencies {
                $0.database = stub
            } operation: {
                let scoped = DependencyValues.current.auditedAnalytics
                #expect(scoped !== root)
                #expect(scoped.database === stub)
            }
        }
    }

    /// Semantics: overrides reach derived defaults, and an instance built for a scope never reaches the root. The
    /// report source's first creation named the store before any existed, so every overriding scope has its own
    /// source (lazy is lazy); a later creation names the store alone. A report built from a request's source
    /// belongs to that request too, whether its read created the source or found it, and is never the root's.
    @Test func defaultBuiltFromAScopesInstanceNeverReachesTheRoot() {
        withFreshRoot {
            let source = DependencyValues.current.reportSource
            let store = source.store
            let (report, digest, requestSource) = withDependencies {
                $0.requestNumber = 1
            } operation: {
                let current = DependencyValues.current
                return (current.analyticsReport, current.analyticsDigest, current.reportSource)
            }
            #expect(requestSource !== source)
            #expect(requestSource.store === store)
            #expect(report.source === requestSource)
            #expect(digest.source === requestSource)
            #expect(DependencyValues.current.analyticsReport.source === source)
            #expect(DependencyValues.current.analyticsDigest.source === source)
        }
    }

    /// Semantics: a value keeps what it read: a buffer that a logger and an auditor of one request
    /// write to is the one the logger flushes after the request, on another thread.
    @Test func oneInstancePerScopeAfterTheScopeEnded() {
        withFreshRoot {
            let logger = withDependencies {
                $0.requestNumber = 42
            } operation: {
                let logger = DependencyValues.current.requestLogger
                logger.write("request started")
                DependencyValues.current.requestAuditor.write("user checked")
                return logger
            }
            let flushed = ConditionLock<[String]?>(nil)
            DispatchQueue.global().async { flushed.withLockBroadcasting { $0 = logger.buffer.all } }
            #expect(flushed.waitFor { $0 } == ["request started", "user checked"])
            #expect(logger.buffer.requestNumber == 42)
        }
    }

    /// Semantics: one instance per key per scope, and a value keeps what it read: an object created in a request that
    /// reads the request's buffer while the request lives finds what another object wrote to it, and keeps it; the
    /// buffer is freed with them.
    @Test func objectFindsItsScopesInstanceWhileTheScopeLives() {
        // NB: a weak reference, not a count of live buffers: other tests of this suite make buffers at the same time.
        weak var buffer: LogBuffer?
        withFreshRoot {
            let (logger, auditor) = withDependencies {
                $0.requestNumber = 5
            } operation: {
                let logger = DependencyValues.current.requestLogger
                let auditor = DependencyValues.current.requestAuditor
                auditor.write("audited")
                #expect(logger.buffer === auditor.buffer)
                return (logger, auditor)
            }
            #expect(logger.buffer.all == ["audited"])
            #expect(logger.buffer === auditor.buffer)
            buffer = logger.buffer
        }
        #expect(buffer == nil)
    }

    /// Semantics: a first read after the end belongs to the reader: an object kept after its root was freed that
    /// first reads a key then gets an instance of its own, not the one the root handed out to another object.
    @Test func objectFirstReadingAfterItsRootWasFreedGetsItsOwnInstance() {
        weak var root: Root?
        let (logger, auditor) = withDependencies(DependencyValues._freshRoot(context: .testing)) {
            root = DependencyValues.current.storage.root
            let auditor = DependencyValues.current.requestAuditor
            auditor.write("audited")
            return (DependencyValues.current.requestLogger, auditor)
        }
        #expect(root == nil)
        #expect(logger.buffer.all == [])
        #expect(logger.buffer !== auditor.buffer)
        #expect(auditor.buffer.all == ["audited"])
    }

    /// Semantics: a value keeps what it read, and a first read after the end belongs to the reader: many threads
    /// reading through an object after its scope ended get the instance the scope handed out to it, or, if it read
    /// none, one new instance.
    @Test(arguments: [true, false])
    func lateReadsFromManyThreadsGetOneInstance(readInScope: Bool) {
        withFreshRoot {
            for _ in 1...20 {
                let (logger, inScope) = withDependencies {
                    $0.requestNumber = 9
                } operation: {
                    let logger = DependencyValues.current.requestLogger
                    return (logger, readInScope ? ObjectIdentifier(logger.buffer) : nil)
                }
                let buffers = ConditionLock<Set<ObjectIdentifier>>([])
                DispatchQueue.concurrentPerform(iterations: 32) { _ in
                    let buffer = logger.buffer
                    buffers.withLock { _ = $0.insert(ObjectIdentifier(buffer)) }
                }
                let seen = buffers.withLock { $0 }
                #expect(seen.count == 1)
                if let inScope { #expect(seen == [inScope]) }
                #expect(logger.buffer.requestNumber == 9)
            }
        }
    }

    /// Semantics: one instance per key per scope: a guest keeps the cart it was handed when a later
    /// creation of the cart reads a key that its first creation did not, and Ambient says so, naming both keys.
    @Test func lateReadOfAnOverriddenKeyIsReportedNotSplit() {
        let log = collectingReports {
            withFreshRoot {
                let guest = withDependencies {
                    $0.cartPersistence = CartPersistence("guest")
                } operation: {
                    DependencyValues.current
                }
                let guestCart = guest.cart
                guestCart.add("apple")
                guestCart.add("pear")
                let settingsCart = withDependencies {
                    $0.cartConfiguration = CartConfiguration(persists: true)
                } operation: {
                    DependencyValues.current.cart
                }
                #expect(settingsCart !== guestCart)
                #expect(settingsCart.persistence?.name == "disk")
                #expect(guest.cart === guestCart)
                #expect(guest.cart.all == ["apple", "pear"])
                #expect(DependencyValues.current.cart === guestCart)
            }
        }
        #expect(
            log.messages == [
                """
                Ambient: CartKey's default read CartPersistenceKey, which its first creation did not read, so \
                values that override CartPersistenceKey (and nothing that the first creation read) share one \
                instance of CartKey. To give them their own, read CartPersistenceKey on every creation of CartKey.
                """
            ])
    }

    /// Semantics: overrides reach derived defaults: a scope made inside the values a request's job keeps, which
    /// overrides the request number, reads a log buffer of its own, while the job's values keep the request's, in
    /// either order. The scope once read the buffer the job's values had kept, with the old number, and when it read
    /// first, what it built became the job's too: a scope inside a value's values shared the value's pins.
    @Test(arguments: [true, false])
    func scopeInsideTheValuesAValueKeepsHasTheInstancesOfItsOwnOverrides(jobReadsFirst: Bool) {
        withFreshRoot {
            withDependencies {
                $0.requestNumber = 7
            } operation: {
                let job = DependencyValues.current.requestJob
                if jobReadsFirst { #expect(job.values.logBuffer.requestNumber == 7) }
                #expect(logBuffer(ofAScopeInside: job.values, forRequest: 99).requestNumber == 99)
                #expect(job.values.logBuffer.requestNumber == 7)
                #expect(job.values.logBuffer === DependencyValues.current.logBuffer)
            }
        }
    }

    /// Semantics: overrides reach derived defaults: as above, once the job's root ended. The scope read the buffer
    /// the job's values had kept after the fix above, which looked at the pins a scope reads where the root is alive.
    @Test func scopeInsideTheValuesAValueKeepsHasTheInstancesOfItsOwnOverridesAfterTheRootEnded() {
        let job = withDependencies(DependencyValues._freshRoot(context: .testing)) {
            withDependencies {
                $0.requestNumber = 7
            } operation: {
                let job = DependencyValues.current.requestJob
                #expect(job.values.logBuffer.requestNumber == 7)
                return job
            }
        }
        #expect(logBuffer(ofAScopeInside: job.values, forRequest: 99).requestNumber == 99)
        #expect(job.values.logBuffer.requestNumber == 7)
    }

    /// Semantics: overrides reach derived defaults: a logger created in a scope made inside the values a request's job
    /// keeps, which overrides the request number, writes to the buffer of that number, though it reads the buffer
    /// only once it was created. It once got the job's buffer: when its creation ended, it kept what the values it was
    /// made from keep, and took the job's pins for theirs.
    @Test func loggerCreatedInAScopeInsideAJobsValuesWritesToTheBufferOfItsOwnRequest() {
        // The logger's property is declared with a key path: a read through one shows its key to every later creation.
        _ = withFreshRoot { BufferWriter().buffer }
        withFreshRoot {
            let job = withDependencies {
                $0.requestNumber = 7
            } operation: {
                let job = DependencyValues.current.requestJob
                #expect(job.values.logBuffer.requestNumber == 7)
                return job
            }
            let logger = withDependencies(job.values) {
                withDependencies {
                    $0.requestNumber = 99
                } operation: {
                    DependencyValues.current.requestLogger
                }
            }
            #expect(logger.buffer.requestNumber == 99)
            #expect(job.values.logBuffer.requestNumber == 7)
        }
    }

    /// The log buffer read in a scope made inside `values` that sets the request number to `request`.
    private func logBuffer(ofAScopeInside values: DependencyValues, forRequest request: Int) -> LogBuffer {
        withDependencies(values) {
            withDependencies {
                $0.requestNumber = request
            } operation: {
                DependencyValues.current.logBuffer
            }
        }
    }

    /// Semantics: bookkeeping ends with the creation, and a chain is reported: a per-request default whose task
    /// reads its own key once the value was freed, read in a scope that sets the request number and ends at once.
    /// That read creates another, whose task does the same, for as long as the tasks run. Ambient keeps none of them
    /// alive for the next (that would keep every request's instance alive while its work runs), and says so once, on
    /// the third, with the fix.
    @Test func defaultWhoseWorkCreatesItAgainAfterEachValueWasFreedIsReportedOnceAsAChain() async throws {
        let before = ChainLinkKey.creations.value
        ChainLinkKey.isReading.withLock { $0 = true }
        defer { ChainLinkKey.isReading.withLock { $0 = false } }
        let (root, log) = readInARequestThatEnds { _ = DependencyValues.current.chainLink }
        let created = await ChainLinkKey.creations.waitUntil(reaches: before + 6)
        ChainLinkKey.isReading.withLock { $0 = false }
        #expect(created >= before + 6)
        let chains = log.messages.filter { $0.contains("again, a second time in a row") }
        #expect(chains.count == 1)
        #expect(chains.first?.contains("ChainLinkKey") == true)
        #expect(chains.first?.contains("[weak self]") == true)
        #expect(log.kinds == [.misuse])
        withExtendedLifetime(root) {}
    }

    /// Semantics: bookkeeping ends with the creation, and a chain is reported: two per-request defaults whose tasks
    /// each read the other's key once the value was freed. Each value's task creates the other key's next value: a
    /// chain through two keys, reported once per key at most.
    @Test func defaultsWhoseWorkCreatesEachOtherAfterEachValueWasFreedAreReportedAsAChain() async throws {
        let before = (ChainLinkAKey.creations.value, ChainLinkBKey.creations.value)
        ChainLinkAKey.isReading.withLock { $0 = true }
        defer { ChainLinkAKey.isReading.withLock { $0 = false } }
        let (root, log) = readInARequestThatEnds { _ = DependencyValues.current.chainLinkA }
        _ = await ChainLinkAKey.creations.waitUntil(reaches: before.0 + 4)
        _ = await ChainLinkBKey.creations.waitUntil(reaches: before.1 + 3)
        ChainLinkAKey.isReading.withLock { $0 = false }
        #expect(ChainLinkAKey.creations.value - before.0 >= 4)
        #expect(ChainLinkBKey.creations.value - before.1 >= 3)
        let chains = log.messages.filter { $0.contains("again, a second time in a row") }
        #expect((1...2).contains(chains.count))
        #expect(chains.allSatisfy { $0.contains("ChainLinkAKey") || $0.contains("ChainLinkBKey") })
        withExtendedLifetime(root) {}
    }

    /// Runs `read` in a scope of a fresh root that sets the request number and ends at once; returns the root, for
    /// the caller to keep, and what was reported meanwhile, also by the tasks started then.
    private func readInARequestThatEnds(_ read: () -> Void) -> (root: DependencyValues, log: ReportLog) {
        let root = DependencyValues._freshRoot(context: .default)
        let log = collectingReports {
            withDependencies(root) {
                withDependencies {
                    $0.requestNumber = 7
                } operation: {
                    read()
                }
            }
        }
        return (root, log)
    }
}

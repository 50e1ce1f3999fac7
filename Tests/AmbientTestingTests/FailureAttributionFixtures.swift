import AmbientTesting
import Dispatch
import Testing
import XCTest

// Tests that fail on purpose, each run only in a child process that names its suite in `AMBIENT_FIXTURE` (see
// `FailureAttributionTests`, which checks which of them failed).

/// A client whose testing value is stored (`static let`), as swift-dependencies users write it: one instance for
/// the whole process, created in the first test that reads it.
struct FeedClient: Sendable {
    var fetch: @Sendable () throws -> Int
}

enum FeedClientKey: DependencyKey {
    static let defaultValue = FeedClient(fetch: { 42 })
    static let testingValueLine = #line + 1
    static let testingValue = FeedClient(fetch: unimplemented("FeedClient.fetch"))
}

extension DependencyValues {
    var feed: FeedClient {
        get { self[FeedClientKey.self] }
        set { self[FeedClientKey.self] = newValue }
    }
}

/// A suite whose tests share a stored client: the first test only reads it, the others call its endpoint.
@Suite(.serialized, Fixture.only("StoredTestingValueFixtures"))
struct StoredTestingValueFixtures {
    @Test func readsTheClientOnly() { _ = DependencyValues.current.feed }

    @Test func callsTheEndpoint() { _ = try? DependencyValues.current.feed.fetch() }

    @Test func callsTheEndpointInItsValuesOnADispatchQueue() {
        let values = DependencyValues.current
        onADispatchThread { _ = withDependencies(values) { try? DependencyValues.current.feed.fetch() } }
    }

    @Test func callsTheEndpointInItsValuesOnADetachedTask() async {
        let values = DependencyValues.current
        await Task.detached { _ = withDependencies(values) { try? DependencyValues.current.feed.fetch() } }.value
    }
}

/// A reader made in one test and kept by the process, as a `static let` service would be.
private let sharedReader = SharedReader()

private struct SharedReader: Sendable {
    @Dependency(\.liveOnlyService) var service
}

/// The first test makes the reader without reading through it; the second reads a key without a testing value
/// through it.
@Suite(.serialized, Fixture.only("StoredReaderFixtures"))
struct StoredReaderFixtures {
    @Test func makesTheReaderOnly() { _ = sharedReader }

    @Test func readsThroughTheReader() { _ = sharedReader.service }
}

/// A test's first read inside a known-issue block, then a failure outside it.
@Suite(.serialized, Fixture.only("KnownIssueFixtures"))
struct KnownIssueFixtures {
    @Test func dispatchReadAfterTheBlock() {
        withKnownIssue(isIntermittent: true) { _ = DependencyValues.current.client }
        readLiveOnlyServiceOnADispatchThread(in: DependencyValues.current)
    }

    @Test func unimplementedCallAfterTheBlock() {
        withKnownIssue(isIntermittent: true) { _ = DependencyValues.current.apiClient }
        _ = DependencyValues.current.apiClient.count()
    }

    @Test func asyncUnimplementedCallAfterTheBlock() async {
        await withKnownIssue(isIntermittent: true) {
            await Task.yield()
            _ = DependencyValues.current.apiClient
        }
        _ = try? await DependencyValues.current.apiClient.fetch(1)
    }

    @Test func unimplementedCallOnADispatchQueueAfterTheBlock() {
        withKnownIssue(isIntermittent: true) { _ = DependencyValues.current.apiClient }
        let client = DependencyValues.current.apiClient
        onADispatchThread { _ = client.count() }
    }

    @Test func readInsideTheBlock() {
        withKnownIssue { _ = DependencyValues.current.liveOnlyService }
    }

    @Test func unimplementedCallInsideTheBlock() {
        withKnownIssue { _ = DependencyValues.current.apiClient.count() }
    }

    @Test func dispatchReadInsideTheBlock() {
        withKnownIssue { readLiveOnlyServiceOnADispatchThread(in: DependencyValues.current) }
    }
}

/// A call of an `unimplemented` endpoint where no test runs: a detached task that carries no test's values, in a
/// process whose `AMBIENT_CONTEXT` the child sets (`preview`, as a command-line program run for a demo would).
@Suite(Fixture.only("NoTestRunningFixtures"))
struct NoTestRunningFixtures {
    @Test func callsAnUnimplementedEndpointOnADetachedTask() async {
        await Task.detached { _ = DependencyValues.current.apiClient.count() }.value
    }
}

/// A test that expects a call of an `unimplemented` endpoint, as the Testing article shows it.
@Suite(Fixture.only("ExpectedUnimplementedCallFixtures"))
struct ExpectedUnimplementedCallFixtures {
    @Test func expectsTheCall() async {
        await withKnownIssue {
            await #expect(throws: UnimplementedEndpointError(endpoint: "APIClient.fetch")) {
                try await DependencyValues.current.apiClient.fetch(7)
            }
        }
    }
}

/// The same suite as XCTest methods, which run in the order of their names.
final class StoredTestingValueXCTestFixture: XCTestCase {
    override func perform(_ run: XCTestRun) { if Fixture.isSelected(self) { super.perform(run) } }

    func test1ReadsTheClientOnly() { _ = DependencyValues.current.feed }

    func test2CallsTheEndpoint() { _ = try? DependencyValues.current.feed.fetch() }
}

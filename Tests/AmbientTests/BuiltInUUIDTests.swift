import Foundation
import Testing

@testable import Ambient

@Suite struct BuiltInUUIDTests {
    @Test func liveValueMakesDistinctRandomUUIDs() {
        withFreshRoot(.default) {
            let uuid = DependencyValues.current.uuid
            let ids = (0..<100).map { _ in uuid() }
            #expect(Set(ids).count == ids.count)
            // A random UUID is version 4, variant RFC 4122.
            #expect(ids.allSatisfy { $0.uuid.6 >> 4 == 4 && $0.uuid.8 >> 6 == 0b10 })
        }
    }

    @Test func incrementingCountsUpFromZero() {
        let uuid = UUIDGenerator.incrementing
        #expect(
            (0..<3).map { _ in uuid().uuidString } == [
                "00000000-0000-0000-0000-000000000000",
                "00000000-0000-0000-0000-000000000001",
                "00000000-0000-0000-0000-000000000002",
            ]
        )
    }

    @Test func incrementingCountsInHexadecimalAcrossBytes() {
        let uuid = UUIDGenerator.incrementing
        let ids = (0...256).map { _ in uuid().uuidString }
        #expect(ids[15] == "00000000-0000-0000-0000-00000000000F")
        #expect(ids[256] == "00000000-0000-0000-0000-000000000100")
    }

    @Test func eachIncrementingGeneratorStartsAgainAndCopiesShareTheCount() {
        let first = UUIDGenerator.incrementing
        let copy = first
        _ = first()
        #expect(copy().uuidString == "00000000-0000-0000-0000-000000000001")
        #expect(UUIDGenerator.incrementing().uuidString == "00000000-0000-0000-0000-000000000000")
    }

    @Test func concurrentCallsGetDistinctUUIDs() async {
        let uuid = UUIDGenerator.incrementing
        let ids = await withTaskGroup(of: UUID.self) { group in
            for _ in 0..<200 { group.addTask { uuid() } }
            return await group.reduce(into: Set<UUID>()) { $0.insert($1) }
        }
        #expect(ids.count == 200)
    }

    /// Run in parallel: each test's root has its own generator, so each starts from zero.
    @Test(arguments: 0..<8)
    func testingValueStartsFromZeroInEveryRoot(_ run: Int) {
        withFreshRoot {
            let uuid = DependencyValues.current.uuid
            for _ in 0..<run { _ = uuid() }
            #expect(DependencyValues.current.uuid().uuidString == String(format: "00000000-0000-0000-0000-%012X", run))
        }
    }

    @Test func previewValueIsIncrementing() {
        withFreshRoot(.preview) {
            #expect(DependencyValues.current.uuid().uuidString == "00000000-0000-0000-0000-000000000000")
        }
    }

    @Test func overrideWinsInsideTheScopeOnly() throws {
        let fixed = try #require(UUID(uuidString: "DEADBEEF-0000-4000-8000-000000000000"))
        withFreshRoot {
            let inside = withDependencies {
                $0.uuid = .constant(fixed)
            } operation: {
                [DependencyValues.current.uuid(), DependencyValues.current.uuid()]
            }
            #expect(inside == [fixed, fixed])
            #expect(DependencyValues.current.uuid().uuidString == "00000000-0000-0000-0000-000000000000")
        }
    }

    @Test func customGeneratorIsAskedForEachUUID() throws {
        let fixed = try #require(UUID(uuidString: "DEADBEEF-0000-4000-8000-000000000000"))
        let calls = Counter()
        let uuid = UUIDGenerator {
            _ = calls.increment()
            return fixed
        }
        #expect([uuid(), uuid()] == [fixed, fixed])
        #expect(calls.value == 2)
    }
}

import AmbientTesting
import Testing

@testable import AppTargetFixture

/// The spellings an app target needs, used as the Gotchas article shows them.
@Suite struct SpellingsTests {
    @Test(.dependency(\.api, MockAPI()))
    func aTraitOverridesANonisolatedProperty() {
        #expect(ReportOwner().api is MockAPI)
    }

    @Test func aTypeKeyConformingInANonisolatedExtensionIsRead() {
        #expect(ReportOwner().clock.now() == 0)
    }

    @Test func aTaskOffTheMainActorReadsANonisolatedProperty() async {
        let sync = BackgroundSync()
        let source = await Task.detached { sync.api.source }.value
        #expect(source == "TestAPI")
    }
}

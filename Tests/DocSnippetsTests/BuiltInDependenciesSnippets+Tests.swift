import AmbientTesting
import Testing

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
@MainActor @Test func searchWaitsForTheUserToStopTyping() async throws {
    try await withTestClock { clock in  // installs the clock on both keys
        let model = SearchModel()
        let search = Task { try await model.search("swift") }
        await clock.waitForSleepers()
        await clock.advance(by: .milliseconds(299))
        #expect(model.results.isEmpty)
        await clock.advance(by: .milliseconds(1))
        try await search.value
        #expect(model.results == ["Swift"])
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor @Test func goalComesFromSavedSettings() {
    let settings = withDependencies {
        $0.keyValueStore = .inMemory(["sleepGoal": 6.5])
    } operation: {
        SettingsStore()
    }
    #expect(settings.sleepGoal == 6.5)
}

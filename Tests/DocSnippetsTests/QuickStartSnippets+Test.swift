import Ambient
import AmbientTesting
import Testing

@Test(.dependencies { $0.weather = FixedWeatherService(.rain) })
func rainyAdvice() async throws {
    #expect(try await TripPlanner().advice(for: "Oslo") == "Take an umbrella")
}

@Test func anOverrideReachesWhatIsCreatedInItsScope() async throws {
    let planner = withDependencies {
        $0.weather = FixedWeatherService(.sun)
    } operation: {
        TripPlanner()
    }
    #expect(try await planner.advice(for: "Oslo") == "Enjoy")
}

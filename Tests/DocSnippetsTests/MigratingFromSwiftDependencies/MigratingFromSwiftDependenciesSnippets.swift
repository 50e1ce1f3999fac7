import Ambient
import AmbientTesting
import MigrationExample
import Testing

nonisolated extension WeatherClient {
    static var rainy: WeatherClient { WeatherClient { city in Forecast(city: city, summary: "Rain") } }
    static var sunny: WeatherClient { WeatherClient { city in Forecast(city: city, summary: "Sun") } }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor @Test(.dependencies { $0.weather = .sunny })
func anOverrideAroundACallNoLongerReachesTheModel() async throws {
    let model = ForecastModel(city: "Oslo")
    try await withDependencies {
        $0.weather = .rainy
    } operation: {
        try await model.refresh()
    }
    #expect(model.reports.first?.forecast.summary == "Sun")
}

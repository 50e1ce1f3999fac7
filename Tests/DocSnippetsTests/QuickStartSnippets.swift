import Ambient

nonisolated protocol WeatherService: Sendable {
    func forecast(for city: String) async throws -> Forecast
}

private struct WeatherServiceKey: DependencyKey {
    static var defaultValue: any WeatherService { LiveWeatherService() }
    static var previewValue: any WeatherService { SunnyWeatherService() }
    static var testingValue: any WeatherService { FixedWeatherService(.rain) }
}

nonisolated extension DependencyValues {
    var weather: any WeatherService {
        get { self[WeatherServiceKey.self] }
        set { self[WeatherServiceKey.self] = newValue }
    }
}

struct TripPlanner {
    @Dependency(\.weather) private var weather

    func advice(for city: String) async throws -> String {
        try await weather.forecast(for: city).isRainy ? "Take an umbrella" : "Enjoy"
    }
}

// The reader's own types that the quick start names without declaring them, as far as its snippets use them.

struct Forecast: Sendable {
    var isRainy: Bool
}

struct LiveWeatherService: WeatherService {
    func forecast(for city: String) async throws -> Forecast { Forecast(isRainy: false) }
}

struct SunnyWeatherService: WeatherService {
    func forecast(for city: String) async throws -> Forecast { Forecast(isRainy: false) }
}

/// `FixedWeatherService(.rain)`, `FixedWeatherService(.sun)`.
struct FixedWeatherService: WeatherService {
    enum Sky { case sun, rain }
    let isRainy: Bool
    init(_ sky: Sky) { isRainy = sky == .rain }
    func forecast(for city: String) async throws -> Forecast { Forecast(isRainy: isRainy) }
}

// The weather service the quick start declares a key for, with the implementations its key and tests use.

struct Forecast: Equatable, Sendable {
    enum Sky: Sendable { case sun, rain }
    var sky: Sky
    var isRainy: Bool { sky == .rain }
}

struct FixedWeatherService: WeatherService {
    let sky: Forecast.Sky
    init(_ sky: Forecast.Sky) { self.sky = sky }
    func forecast(for city: String) async throws -> Forecast { Forecast(sky: sky) }
}

struct LiveWeatherService: WeatherService {
    func forecast(for city: String) async throws -> Forecast { Forecast(sky: .sun) }
}

struct SunnyWeatherService: WeatherService {
    func forecast(for city: String) async throws -> Forecast { Forecast(sky: .sun) }
}

// expect: error: type 'WeatherClient' has no member 'liveValue'
// guide row: .liveValue
import Ambient

struct WeatherClient: Sendable {
    var forecast: @Sendable (String) async throws -> String
}

extension WeatherClient: DependencyKey {
    static let defaultValue = WeatherClient { city in city }
}

let live = WeatherClient.liveValue

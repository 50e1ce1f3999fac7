// expect: error: missing argument for parameter 'forecast' in call
// guide row: Self()
import Ambient

struct WeatherClient: Sendable {
    var forecast: @Sendable (String) async throws -> String
}

extension WeatherClient: DependencyKey {
    static let defaultValue = WeatherClient { city in city }
    static let testingValue = Self()
}

// expect: error: missing argument for parameter #1 in call
// guide row: unimplemented()
import Ambient

struct WeatherClient: Sendable {
    var forecast: @Sendable (String) async throws -> String
}

let client = WeatherClient(forecast: unimplemented())

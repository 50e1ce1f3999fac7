// expect: error: type 'WeatherClient' does not conform to protocol 'DependencyKey'
// expect: note: protocol requires property 'defaultValue' with type 'WeatherClient'
// first error: declares `liveValue`: rename it `defaultValue`
// guide row: liveValue
// A key ported from swift-dependencies with its `liveValue` left as it was: the note under the first error quotes
// the lines of DependencyKey.swift above `defaultValue`, which name the rename.
import Ambient

struct WeatherClient: Sendable {
    var forecast: @Sendable (String) async throws -> String
}

extension WeatherClient: DependencyKey {
    static let liveValue = WeatherClient { city in city }
}

// expect: (compiles)
// guide row: testValue
// A DependencyKey that keeps swift-dependencies' `testValue` compiles: its testing value is then its default value,
// and a test that reads it is told at run time (TestingDependencies documents that report).
import Ambient

struct WeatherClient: Sendable {
    var forecast: @Sendable (String) async throws -> String
}

extension WeatherClient: DependencyKey {
    static let defaultValue = WeatherClient { city in city }
    static let testValue = WeatherClient { _ in "test" }
}

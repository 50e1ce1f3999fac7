// expect: error: unknown attribute 'DependencyClient'
// guide row: @DependencyClient
import Ambient

@DependencyClient
struct WeatherClient: Sendable {
    var forecast: @Sendable (String) async throws -> String
}

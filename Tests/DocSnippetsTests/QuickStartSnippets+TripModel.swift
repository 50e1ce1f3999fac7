import Ambient
import Observation

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor @Observable final class TripModel: ObservableDependency {
    let weather: any WeatherService
    init(dependencies: DependencyValues) { weather = dependencies.weather }
}

import Ambient
import Observation

@MainActor @Observable final class TripModel: ObservableDependency {
    let weather: any WeatherService
    init(dependencies: DependencyValues) { weather = dependencies.weather }
}

public import Ambient

/// A city's weather, as ``WeatherClient`` reports it.
///
/// ```swift
/// let forecast = Forecast(city: "Oslo", summary: "Snow")
/// ```
public struct Forecast: Equatable, Sendable {
    /// The city the forecast is for.
    public var city: String
    /// What the weather will be, in words.
    public var summary: String

    /// A forecast of `summary` for `city`.
    ///
    /// - Parameters:
    ///   - city: The city the forecast is for.
    ///   - summary: What the weather will be, in words.
    public init(city: String, summary: String) {
        self.city = city
        self.summary = summary
    }
}

/// Fetches forecasts: a dependency written as a struct of closures, so each context and each test can give its own.
///
/// In swift-dependencies this struct carried `@DependencyClient`, which wrote the unimplemented testing value;
/// Ambient has no macro, so ``testingValue`` builds it with `unimplemented(_:)`, naming the endpoint.
///
/// ```swift
/// @Dependency(\.weather) private var weather
/// let forecast = try await weather.forecast("Oslo")
/// ```
public struct WeatherClient: Sendable {
    /// Fetches the forecast for a city.
    public var forecast: @Sendable (_ city: String) async throws -> Forecast

    /// A client whose endpoint is `forecast`.
    ///
    /// - Parameter forecast: Fetches the forecast for a city.
    public init(forecast: @escaping @Sendable (_ city: String) async throws -> Forecast) {
        self.forecast = forecast
    }
}

extension WeatherClient: DependencyKey {
    /// The app's client. The example has no server, so it answers from a fixed table where an app would fetch.
    public static var defaultValue: WeatherClient {
        WeatherClient { city in Forecast(city: city, summary: city.count.isMultiple(of: 2) ? "Sunny" : "Cloudy") }
    }

    /// Previews show the same sunny day everywhere.
    public static var previewValue: WeatherClient {
        WeatherClient { city in Forecast(city: city, summary: "Sunny") }
    }

    /// Tests get a client whose endpoint fails the test that calls it without overriding it.
    public static var testingValue: WeatherClient {
        WeatherClient(forecast: unimplemented("WeatherClient.forecast"))
    }
}

extension DependencyValues {
    /// The weather client.
    ///
    /// ```swift
    /// withDependencies { $0.weather = WeatherClient { Forecast(city: $0, summary: "Rain") } } operation: { ... }
    /// ```
    public var weather: WeatherClient {
        get { self[WeatherClient.self] }
        set { self[WeatherClient.self] = newValue }
    }
}

import Ambient
public import Foundation
public import Observation

/// One fetched forecast, with the identifier and the instant the model gave it.
public struct Report: Equatable, Identifiable, Sendable {
    /// Made by the `uuid` dependency.
    public var id: UUID
    /// What the weather client answered.
    public var forecast: Forecast
    /// When the forecast was fetched, as the `date` dependency tells it.
    public var fetchedAt: Date

    /// A report of `forecast`, fetched at `fetchedAt`.
    ///
    /// - Parameters:
    ///   - id: The report's identifier.
    ///   - forecast: The forecast.
    ///   - fetchedAt: When it was fetched.
    public init(id: UUID, forecast: Forecast, fetchedAt: Date) {
        self.id = id
        self.forecast = forecast
        self.fetchedAt = fetchedAt
    }
}

/// The forecasts of one city: a model that reads four dependencies and hands its values to the models it creates.
///
/// Its `@Dependency` properties take the values of the scope in which the model is created, for the model's whole
/// life. A test creates it inside its overrides (the `.dependencies` trait runs the whole test inside them):
///
/// ```swift
/// let model = withDependencies { $0.weather = .rainy } operation: { ForecastModel(city: "Oslo") }
/// try await model.refresh()   // uses .rainy, wherever it is called from
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor @Observable
public final class ForecastModel {
    /// The city whose weather the model follows.
    public let city: String
    /// The reports fetched so far, oldest first.
    public private(set) var reports: [Report] = []

    @ObservationIgnored @Dependency(\.weather) private var weather
    @ObservationIgnored @Dependency(\.date) private var date
    @ObservationIgnored @Dependency(\.uuid) private var uuid
    @ObservationIgnored @Dependency(\.continuousClock) private var clock
    /// The values the model was created with, for the models it creates.
    private let dependencies = DependencyValues.current

    /// A model for `city`, reading the dependencies of the current scope.
    ///
    /// - Parameter city: The city to follow.
    public init(city: String) {
        self.city = city
    }

    /// Waits a second, so that taps in a row make one request, then fetches the forecast and records it.
    ///
    /// - Throws: What the weather client throws; nothing is recorded then.
    public func refresh() async throws {
        try await clock.sleep(for: .seconds(1))
        let forecast = try await weather.forecast(city)
        reports.append(Report(id: uuid(), forecast: forecast, fetchedAt: date.now))
    }

    /// A model for one report that uses this model's dependencies, whichever scope asks for it.
    ///
    /// - Parameter report: The report to show.
    /// - Returns: The detail model.
    public func detail(for report: Report) -> ReportDetailModel {
        withDependencies(dependencies) { ReportDetailModel(report: report) }
    }
}

/// One report, and a newer forecast for its city on demand.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
public final class ReportDetailModel {
    /// The report shown.
    public let report: Report
    @Dependency(\.weather) private var weather

    /// A model for `report`, reading the dependencies of the current scope.
    ///
    /// - Parameter report: The report to show.
    public init(report: Report) {
        self.report = report
    }

    /// Fetches the forecast for the report's city again.
    ///
    /// - Returns: The newer forecast.
    /// - Throws: What the weather client throws.
    public func newerForecast() async throws -> Forecast {
        try await weather.forecast(report.forecast.city)
    }
}

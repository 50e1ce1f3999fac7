import AmbientTesting
import Foundation
import MigrationExample
import Testing

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension WeatherClient {
    /// A client that always answers `summary`.
    fileprivate static func always(_ summary: String) -> WeatherClient {
        WeatherClient { city in Forecast(city: city, summary: summary) }
    }
}

/// A model created in a scope whose weather is always snow.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
private func modelCreatedWhereItSnows() -> ForecastModel {
    withDependencies {
        $0.weather = .always("Snow")
    } operation: {
        ForecastModel(city: "Oslo")
    }
}

@MainActor
@Suite(.dependencies { $0.weather = .always("Rain") })
struct ForecastModelTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func refreshRecordsTheForecastWithTheTestsIdAndDate() async throws {
        let model = ForecastModel(city: "Oslo")
        try await model.refresh()
        try await model.refresh()
        let ids = ["00000000-0000-0000-0000-000000000000", "00000000-0000-0000-0000-000000000001"]
        #expect(model.reports.map(\.id.uuidString) == ids, "the testing uuid counts from zero in every test")
        #expect(model.reports.map(\.forecast) == Array(repeating: Forecast(city: "Oslo", summary: "Rain"), count: 2))
        #expect(model.reports.allSatisfy { $0.fetchedAt == Date(timeIntervalSince1970: 1_704_067_200) })
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(.dependencies { $0.date = .constant(Date(timeIntervalSince1970: 0)) })
    func aTestsTraitOverridesTheSuites() async throws {
        let model = ForecastModel(city: "Oslo")
        try await model.refresh()
        #expect(model.reports.first?.fetchedAt == Date(timeIntervalSince1970: 0))
        #expect(model.reports.first?.forecast.summary == "Rain")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aModelKeepsTheValuesOfTheScopeItWasCreatedIn() async throws {
        let model = modelCreatedWhereItSnows()
        try await model.refresh()
        #expect(model.reports.first?.forecast.summary == "Snow", "called outside the scope, it still sees Snow")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aChildModelGetsItsParentsValues() async throws {
        let model = modelCreatedWhereItSnows()
        try await model.refresh()
        let detail = try #require(model.reports.first.map(model.detail(for:)))
        #expect(try await detail.newerForecast().summary == "Snow", "what withDependencies(from:) did")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(.timeLimit(.minutes(1))) func refreshWaitsASecondOnTheModelsClock() async throws {
        let clock = TestClock()
        let model = withDependencies {
            $0.continuousClock = clock
        } operation: {
            ForecastModel(city: "Oslo")
        }
        let refresh = Task { try await model.refresh() }
        await clock.waitForSleepers()
        #expect(model.reports.isEmpty, "nothing is fetched before the second has passed")
        await clock.advance(by: .seconds(1))
        try await refresh.value
        #expect(model.reports.count == 1)
    }
}

@MainActor
@Suite(.dependencies) struct UnimplementedWeatherTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func callingTheWeatherClientWithoutAnOverrideFailsTheTest() async {
        let model = ForecastModel(city: "Oslo")
        await withKnownIssue {
            await #expect(throws: UnimplementedEndpointError(endpoint: "WeatherClient.forecast")) {
                try await model.refresh()
            }
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                """
                Ambient: WeatherClient.forecast is unimplemented in tests, and this test called it. Override it for \
                the test, for example `withDependencies { $0.<client>.<endpoint> = { ... } }`, or in the test's \
                `.dependencies { }` trait.
                """
            ]
        }
        #expect(model.reports.isEmpty)
    }
}

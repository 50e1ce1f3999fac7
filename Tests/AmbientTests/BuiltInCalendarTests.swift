import Foundation
import Testing

@testable import Ambient

@Suite struct BuiltInCalendarTests {
    private static let utc = TimeZone(identifier: "UTC")

    @Test func liveValueIsTheSystemCalendar() {
        withFreshRoot(.default) {
            let calendar = DependencyValues.current.calendar
            #expect(calendar.identifier == Calendar.autoupdatingCurrent.identifier)
            #expect(calendar.timeZone == Calendar.autoupdatingCurrent.timeZone)
        }
    }

    @Test func testingValueIsGregorianInUTCAndPOSIX() {
        withFreshRoot {
            let calendar = DependencyValues.current.calendar
            #expect(calendar.identifier == .gregorian)
            #expect(calendar.timeZone == Self.utc)
            #expect(calendar.locale?.identifier == "en_US_POSIX")
            #expect(calendar.firstWeekday == 1)
        }
    }

    @Test func testingValueComputesTheSameDayWhereverTheTestRuns() {
        withFreshRoot {
            let values = DependencyValues.current
            let startOfDay = values.calendar.startOfDay(for: values.date.now)
            #expect(startOfDay == Date(timeIntervalSince1970: 1_704_067_200))
        }
    }

    @Test func testingValueFollowsAnOverriddenTimeZoneAndLocale() throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        withFreshRoot {
            let calendar = withDependencies {
                $0.timeZone = tokyo
                $0.locale = Locale(identifier: "fr_FR")
            } operation: {
                DependencyValues.current.calendar
            }
            #expect(calendar.timeZone == tokyo)
            #expect(calendar.locale?.identifier == "fr_FR")
            #expect(DependencyValues.current.calendar.timeZone == Self.utc)
        }
    }

    @Test func overrideWinsInsideTheScopeOnly() {
        withFreshRoot {
            let inside = withDependencies {
                $0.calendar = Calendar(identifier: .iso8601)
            } operation: {
                DependencyValues.current.calendar.identifier
            }
            #expect(inside == .iso8601)
            #expect(DependencyValues.current.calendar.identifier == .gregorian)
        }
    }

    @Test func previewValueIsTheSystemCalendar() {
        withFreshRoot(.preview) {
            #expect(DependencyValues.current.calendar.identifier == Calendar.autoupdatingCurrent.identifier)
        }
    }
}

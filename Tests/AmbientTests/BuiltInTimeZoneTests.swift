import Foundation
import Testing

@testable import Ambient

@Suite struct BuiltInTimeZoneTests {
    private static let utc = TimeZone(identifier: "UTC")

    @Test(arguments: [DependencyContext.default, .preview])
    func liveAndPreviewValuesAreTheSystemTimeZone(_ context: DependencyContext) {
        withFreshRoot(context) {
            #expect(DependencyValues.current.timeZone.identifier == TimeZone.autoupdatingCurrent.identifier)
        }
    }

    @Test func testingValueIsUTC() {
        withFreshRoot {
            let timeZone = DependencyValues.current.timeZone
            #expect(timeZone == Self.utc)
            #expect(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: 1_704_067_200)) == 0)
        }
    }

    @Test func overrideWinsInsideTheScopeOnly() throws {
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        withFreshRoot {
            let inside = withDependencies {
                $0.timeZone = paris
            } operation: {
                DependencyValues.current.timeZone
            }
            #expect(inside == paris)
            #expect(DependencyValues.current.timeZone == Self.utc)
        }
    }
}

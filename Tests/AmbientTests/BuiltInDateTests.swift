import Foundation
import Testing

@testable import Ambient

@Suite struct BuiltInDateTests {
    private static let documentedInstant = Date(timeIntervalSince1970: 1_704_067_200)

    @Test func liveValueIsTheSystemDate() {
        withFreshRoot(.default) {
            let before = Date()
            let now = DependencyValues.current.date.now
            let after = Date()
            #expect(before <= now && now <= after)
        }
    }

    @Test(arguments: [DependencyContext.testing, .preview])
    func testingAndPreviewValuesAreTheDocumentedInstant(_ context: DependencyContext) {
        withFreshRoot(context) {
            let date = DependencyValues.current.date
            #expect(date() == Self.documentedInstant)
            #expect(date.now == Self.documentedInstant)
        }
    }

    @Test func documentedInstantIsNewYear2024InUTC() throws {
        let components = Calendar(identifier: .gregorian).dateComponents(
            in: try #require(TimeZone(identifier: "UTC")),
            from: Self.documentedInstant
        )
        #expect([components.year, components.month, components.day, components.hour] == [2024, 1, 1, 0])
    }

    @Test func overrideWinsInsideTheScopeOnly() {
        withFreshRoot {
            let epoch = Date(timeIntervalSince1970: 0)
            let inside = withDependencies {
                $0.date = .constant(epoch)
            } operation: {
                DependencyValues.current.date()
            }
            #expect(inside == epoch)
            #expect(DependencyValues.current.date() == Self.documentedInstant)
        }
    }

    @Test func generatorAsksItsClosureOnEveryRead() {
        let calls = Counter()
        let date = DateGenerator { Date(timeIntervalSince1970: Double(calls.increment())) }
        #expect(date() == Date(timeIntervalSince1970: 1))
        #expect(date.now == Date(timeIntervalSince1970: 2))
        #expect(calls.value == 2)
    }

    @Test func dependencyPropertyReadsTheDateOfItsScope() {
        struct Stamper {
            @Dependency(\.date) var date
        }
        withFreshRoot {
            let epoch = Date(timeIntervalSince1970: 0)
            let stamper = withDependencies {
                $0.date = .constant(epoch)
            } operation: {
                Stamper()
            }
            #expect(stamper.date() == epoch)
        }
    }
}

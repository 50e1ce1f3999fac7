import Foundation
import Testing

@testable import Ambient

@Suite struct BuiltInLocaleTests {
    @Test(arguments: [DependencyContext.default, .preview])
    func liveAndPreviewValuesAreTheSystemLocale(_ context: DependencyContext) {
        withFreshRoot(context) {
            #expect(DependencyValues.current.locale.identifier == Locale.autoupdatingCurrent.identifier)
        }
    }

    @Test func testingValueIsPOSIX() {
        withFreshRoot {
            let locale = DependencyValues.current.locale
            #expect(locale.identifier == "en_US_POSIX")
            #expect(locale.decimalSeparator == ".")
        }
    }

    @Test func overrideWinsInsideTheScopeOnly() {
        withFreshRoot {
            let inside = withDependencies {
                $0.locale = Locale(identifier: "de_DE")
            } operation: {
                DependencyValues.current.locale.identifier
            }
            #expect(inside == "de_DE")
            #expect(DependencyValues.current.locale.identifier == "en_US_POSIX")
        }
    }
}

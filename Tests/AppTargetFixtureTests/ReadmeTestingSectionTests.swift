import AmbientTesting
import Foundation
import Testing

@testable import AppTargetFixture

// The README's Testing section, as the README shows it.

@Suite(.dependencies { $0.api = MockAPI() })
struct ReportTests {
    @Test(.dependencies { $0.date = .constant(Date(timeIntervalSince1970: 0)) })
    func reportIsDated() {  // MockAPI and the constant date, in a root of its own
        #expect(ReportBuilder().api is MockAPI)
        #expect(DependencyValues.current.date.now == Date(timeIntervalSince1970: 0))
    }
}

import AmbientTesting
import Foundation
import Testing

struct Checkout {
    @Dependency(\.date) private var date

    func submittedAt() -> Date { date.now }
}

@Suite(.dependencies { $0.date = .constant(Date(timeIntervalSince1970: 0)) })
struct CheckoutDateTests {
    @Test func submissionIsDated() {
        #expect(Checkout().submittedAt() == Date(timeIntervalSince1970: 0))
    }

    @Test(.dependency(\.date, .constant(Date(timeIntervalSince1970: 60))))
    func aTestsOverrideWinsOverTheSuites() {
        #expect(Checkout().submittedAt() == Date(timeIntervalSince1970: 60))
    }
}

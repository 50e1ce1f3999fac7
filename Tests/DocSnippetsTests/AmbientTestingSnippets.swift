import AmbientTesting
import Foundation
import Testing

@Suite(.dependencies { $0.api = MockAPI() })
struct CheckoutDateTests {
    @Test(.dependencies { $0.date = .constant(Date(timeIntervalSince1970: 0)) })
    func submissionIsDated() async throws {
        let model = CheckoutModel()
        try await model.submit()
        #expect(model.submittedAt == Date(timeIntervalSince1970: 0))
    }
}
